#!/usr/bin/env bash
# Re-renders a labelled Manim corpus at one of Manim's qualities: 480p15 (-ql, 854x480, 15 fps: the
# corpus's own folder, what labels.json was measured on), 720p30 (-qm) or 1080p60 (-qh), each in a
# subfolder of the corpus named after it. Tests and benches read the committed videos; only
# re-rendering needs Manim.
#
#   scripts/render-manim-corpus.sh [SceneName ...]           corpus/manim: every scene in labels.json, or these
#   QUALITY=1080p60 scripts/render-manim-corpus.sh           the same scenes at 1080p60, into corpus/manim/1080p60/
#   CORPUS=corpus/manim-holdout scripts/render-manim-corpus.sh [name ...]
#                                                             the held-out corpus renders with its own render.py,
#                                                             which at 480p15 also rewrites its labels from the scenes' marks
set -euo pipefail
cd "$(dirname "$0")/.."

MANIM_VERSION=0.22.0
VENV=.tools/manim-venv
CORPUS=${CORPUS:-corpus/manim}
export QUALITY=${QUALITY:-480p15}
case "$QUALITY" in
  480p15) flag=-ql; out=$CORPUS ;;
  720p30) flag=-qm; out=$CORPUS/720p30 ;;
  1080p60) flag=-qh; out=$CORPUS/1080p60 ;;
  *) echo "QUALITY must be 480p15, 720p30 or 1080p60" >&2; exit 2 ;;
esac

missing=()
pkg-config --exists cairo 2>/dev/null || missing+=(libcairo2-dev)
pkg-config --exists pangocairo 2>/dev/null || missing+=(libpango1.0-dev)
command -v pkg-config >/dev/null || missing+=(pkg-config)
command -v latex >/dev/null || missing+=(texlive-latex-base texlive-latex-extra texlive-fonts-recommended)
command -v dvisvgm >/dev/null || missing+=(dvisvgm)
if [ ${#missing[@]} -gt 0 ]; then
  echo "Manim needs these Debian packages: ${missing[*]}" >&2
  echo "  apt-get update && apt-get install -y ${missing[*]}" >&2
  exit 1
fi

if ! "$VENV/bin/manim" --version 2>/dev/null | grep -q "v$MANIM_VERSION"; then
  echo "installing Manim Community $MANIM_VERSION into $VENV" >&2
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install --quiet --disable-pip-version-check "manim==$MANIM_VERSION"
fi

if [ -f "$CORPUS/render.py" ]; then
  exec "$VENV/bin/python" "$CORPUS/render.py" "$@"
fi

if [ $# -gt 0 ]; then
  scenes=("$@")
else
  mapfile -t scenes < <(python3 -c 'import json,sys; [print(a["scene"]["class"]) for a in json.load(open(sys.argv[1]))["animations"]]' "$CORPUS/labels.json")
fi

media=$(mktemp -d)
trap 'rm -rf "$media"' EXIT
mkdir -p "$out"
for scene in "${scenes[@]}"; do
  file=$(python3 -c 'import json,sys; print(next(a["animation"] for a in json.load(open(sys.argv[1]))["animations"] if a["scene"]["class"] == sys.argv[2]))' "$CORPUS/labels.json" "$scene")
  echo "rendering $scene -> $out/$file" >&2
  "$VENV/bin/manim" render "$flag" --disable_caching --progress_bar none --verbosity WARNING \
    --media_dir "$media" "$CORPUS/scenes.py" "$scene"
  cp "$media/videos/scenes/$QUALITY/$scene.mp4" "$out/$file"
done
