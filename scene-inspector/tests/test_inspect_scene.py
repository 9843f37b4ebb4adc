"""The inspector's own tests: trusted scenes, run as the sandbox runs it (a subprocess, request on stdin)."""

import json
import os
import subprocess
import sys
import tempfile
import textwrap
import unittest

INSPECTOR = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "inspect_scene.py")


def inspect(source, jobs, name="scene.py", files=None):
    with tempfile.TemporaryDirectory() as scratch:
        return run_inspector({"files": {name: textwrap.dedent(source), **(files or {})}, "jobs": jobs}, scratch)


def run_inspector(request, scratch):
    """The inspector's answer and stderr, run in `scratch` as the sandbox runs it."""
    done = subprocess.run(
        [sys.executable, INSPECTOR],
        input=json.dumps(request),
        capture_output=True,
        text=True,
        cwd=scratch,
        timeout=300,
    )
    if done.returncode != 0:
        raise AssertionError(f"inspector exited {done.returncode}: {done.stderr[-2000:]}")
    return json.loads(done.stdout), done.stderr


def job(scene=None, duration_ms=None, width=854, height=480, fps=15):
    return {"scene": scene, "width": width, "height": height, "fps": fps, "durationMs": duration_ms, "toleranceMs": 135}


SLIDE = """
from manim import *

class Slide(Scene):
    def construct(self):
        label = Text("Similar triangles", font_size=48)
        self.play(FadeIn(label), run_time=1)
        print("the scene may print", "x" * 1000)
        self.play(label.animate.shift(RIGHT * 7), run_time=2, rate_func=linear)
        self.wait(1)
"""


class InspectorTest(unittest.TestCase):
    def test_records_text_sliding_off_the_right_edge_at_ten_samples_a_second_with_its_lines(self):
        answer, stderr = inspect(SLIDE, [job()])
        self.assertIn("the scene may print", stderr)
        result = answer["results"][0]
        self.assertEqual(result["status"], "ok")
        self.assertEqual(result["durationMs"], 4000)
        [unit] = [u for u in result["units"].values() if u["isText"]]
        self.assertEqual((unit["type"], unit["text"], unit["line"]), ("Text", "Similar triangles", 6))
        self.assertEqual([p["line"] for p in result["plays"]], [7, 9, 10])
        self.assertEqual([p["animations"] for p in result["plays"]], [["FadeIn"], ["_MethodAnimation"], ["Wait"]])
        times = [s["t"] for s in result["samples"]]
        moving = [t for t in times if 1000 <= t < 3000]
        self.assertGreaterEqual(len(moving), 20)
        shown = [s for s in result["samples"] if s["u"]]
        # At 1 s the fade-in has ended and the move begins.
        first = next(s for s in shown if s["t"] >= 1000)["u"][0]
        last = shown[-1]["u"][0]
        self.assertLess(first[3], 854)
        # 7 units right at 60 px a unit: the right end passes the frame's 854 px.
        self.assertAlmostEqual(last[1] - first[1], 7 * 480 / 8, delta=2)
        self.assertGreater(last[3], 854)

    def test_past_the_cap_on_objects_the_shapes_one_line_made_are_one_unit_covering_them_all(self):
        answer, _ = inspect(
            """
            from manim import *

            class Field(Scene):
                def construct(self):
                    self.add(ArrowVectorField(lambda p: np.array([1, 0.5, 0])), Text("F = ma", font_size=36))
                    self.wait(0.5)

            class Dots(Scene):
                def construct(self):
                    self.add(*[Dot([-6.5 + (i % 40) / 3, -3.5 + (i // 40) / 3, 0], radius=0.05) for i in range(920)])
                    self.add(Text("920 dots", font_size=36).to_edge(UP))
                    self.wait(0.5)
            """,
            [job("Field"), job("Dots")],
        )
        field, dots = answer["results"]
        note = (
            "more than 600 objects in a sample: the shapes one line made are recorded as one, with the box of them all"
        )
        self.assertIn(note, field["notes"])
        rows = field["samples"][0]["u"]
        self.assertLessEqual(len(rows), 600)
        units = field["units"]
        # The arrows are one unit reaching past all four edges of the 854x480 frame, as they are drawn; the text is
        # kept.
        [arrows] = [r for r in rows if units[str(r[0])]["type"] == "Vector"]
        self.assertLess(arrows[1], 0)
        self.assertLess(arrows[2], 0)
        self.assertGreater(arrows[3], 854)
        self.assertGreater(arrows[4], 480)
        [text] = [r for r in rows if units[str(r[0])]["isText"]]
        # What crosses the text is a unit the sample holds: the merged arrows, not one of the arrows left out.
        ids = {r[0] for r in rows}
        self.assertTrue(text[12])
        self.assertTrue(all(other in ids for other, _ in text[12]))
        self.assertIn(arrows[0], [other for other, _ in text[12]])
        # 920 dots added one by one (920 roots, one line): every dot is inside what the sample records.
        self.assertIn(note, dots["notes"])
        rows = dots["samples"][0]["u"]
        self.assertLessEqual(len(rows), 600)
        self.assertTrue(any(dots["units"][str(r[0])]["isText"] for r in rows))
        for i in range(920):
            cx, cy = (-6.5 + (i % 40) / 3) * 60 + 427, 240 - (-3.5 + (i // 40) / 3) * 60
            self.assertTrue(any(r[1] <= cx <= r[3] and r[2] <= cy <= r[4] for r in rows), (i, cx, cy))

    def test_a_highlight_is_not_a_cut_of_the_glyphs_it_marks_but_is_of_a_text_it_runs_through(self):
        answer, _ = inspect(
            """
            from manim import *

            class Framed(Scene):
                def construct(self):
                    formula = MathTex("a^2 +", "b^2", "= c^2")
                    box = SurroundingRectangle(formula[1], buff=0.1)
                    crossed = Text("wrong", font_size=36).shift(DOWN * 1.5)
                    word = Text("framed", font_size=36).shift(UP * 2)
                    frame = SurroundingRectangle(word, buff=0.2)
                    neighbour = Text("neighbour", font_size=36).move_to(frame.get_bottom())
                    self.add(formula, box, crossed, Cross(crossed), Underline(crossed), word, frame, neighbour)
                    self.wait(0.5)
            """,
            [job()],
        )
        result = answer["results"][0]
        units = result["units"]
        rows = {units[str(r[0])]["text"]: r for r in result["samples"][0]["u"] if units[str(r[0])]["isText"]}
        self.assertTrue(
            all(units[str(r[0])].get("highlight") for r in result["samples"][0]["u"] if not units[str(r[0])]["isText"])
        )
        # The frame around b^2 runs between the formula's glyphs; the cross and the underline mark "wrong".
        self.assertIsNone(rows["a^2 + b^2 = c^2"][12])
        self.assertIsNone(rows["wrong"][12])
        self.assertIsNone(rows["framed"][12])
        # A frame whose edge runs through a word it does not surround cuts its glyphs.
        self.assertTrue(rows["neighbour"][12])

    def test_a_moving_camera_is_recorded_and_its_zoom_scales_the_boxes(self):
        answer, _ = inspect(
            """
            from manim import *

            class Zoom(MovingCameraScene):
                def construct(self):
                    dot = Dot()
                    self.add(dot)
                    self.play(self.camera.frame.animate.scale(0.5), run_time=1)
        """,
            [job()],
        )
        samples = [s for s in answer["results"][0]["samples"] if s["u"]]
        self.assertAlmostEqual(samples[0]["cam"][2], 14.22, delta=0.05)
        self.assertAlmostEqual(samples[-1]["cam"][2], 7.11, delta=0.05)

        def width(s):
            return s["u"][0][3] - s["u"][0][1]

        self.assertAlmostEqual(width(samples[-1]) / width(samples[0]), 2, delta=0.1)

    def test_a_3d_scene_is_projected_by_its_camera(self):
        source = """
            from manim import *

            class Tilted(ThreeDScene):
                def construct(self):
                    line = Line(LEFT * 3, RIGHT * 3)
                    self.set_camera_orientation(phi={phi} * DEGREES, theta=-45 * DEGREES)
                    self.add(line)
                    self.wait(0.5)
        """
        flat, _ = inspect(source.replace("{phi}", "0"), [job()])
        tilted, _ = inspect(source.replace("{phi}", "60"), [job()])

        def box(a):
            return a["results"][0]["samples"][-1]["u"][0][1:5]

        self.assertNotEqual([round(v) for v in box(flat)], [round(v) for v in box(tilted)])
        self.assertTrue(any("3D scene" in n for n in tilted["results"][0]["notes"]))

    def test_without_a_scene_name_the_one_whose_timeline_fits_the_video(self):
        source = """
            from manim import *

            class Short(Scene):
                def construct(self):
                    self.play(FadeIn(Square()), run_time=1)

            class Long(Scene):
                def construct(self):
                    self.play(FadeIn(Circle()), run_time=3)
        """
        fits, _ = inspect(source, [job(duration_ms=3000)])
        self.assertEqual((fits["results"][0]["status"], fits["results"][0]["scene"]), ("ok", "Long"))
        none, _ = inspect(source, [job(duration_ms=9000)])
        self.assertEqual(none["results"][0]["status"], "mismatch")
        self.assertEqual(sorted(c["durationMs"] for c in none["results"][0]["candidates"]), [1000, 3000])

    def test_a_still_is_the_scenes_last_frame_held_for_the_video(self):
        source = """
            from manim import *

            class Still(Scene):
                def construct(self):
                    square = Square()
                    self.play(FadeIn(square), run_time=2)
                    self.play(square.animate.shift(LEFT * 3))
                    self.add(Text("caption").to_edge(DOWN))
        """
        still = dict(job("Still", duration_ms=1000), still=True)
        answer, _ = inspect(source, [still, job("Still")])
        held, played = answer["results"]
        self.assertEqual((held["status"], held["durationMs"], held["plays"]), ("ok", 1000, []))
        [sample] = held["samples"]
        self.assertEqual(sample["t"], 0)
        # Its last frame: the square moved left, the caption added after the plays.
        self.assertEqual(sorted(held["units"][str(u[0])]["type"] for u in sample["u"]), ["Square", "Text"])
        square = next(u for u in sample["u"] if held["units"][str(u[0])]["type"] == "Square")
        self.assertAlmostEqual((square[1] + square[3]) / 2, 427 - 3 * 60, delta=3)
        self.assertEqual(played["durationMs"], 3000)

    def test_a_transforms_source_left_showing_its_targets_glyphs_is_one_text_drawn_twice_two_digits_are_not(self):
        answer, _ = inspect(
            """
            from manim import *

            class Lingers(Scene):
                def construct(self):
                    numbers = VGroup(*[Integer(i) for i in range(4, 7)]).arrange(UP, buff=1)
                    clash = VGroup(Integer(5), Integer(6)).shift(RIGHT * 3)
                    self.add(numbers, clash)
                    self.play(Transform(numbers[0], numbers[1]))
                    self.play(Transform(numbers[1], numbers[2]))
                    self.wait()
        """,
            [job("Lingers")],
        )
        result = answer["results"][0]
        ids = {result["units"][k]["line"]: [] for k in result["units"]}
        for k, u in result["units"].items():
            ids[u["line"]].append(int(k))
        numbers, clash = sorted(ids[6]), sorted(ids[7])
        first, last = result["samples"][0], result["samples"][-1]
        # Before: no two texts share their drawing. After: 4 shows 5's glyphs where 5 is drawn no longer, and 5 shows
        # 6's, exactly over 6; the 5 and the 6 put in one place by hand stay two texts.
        self.assertNotIn("same", first)
        self.assertEqual(last["same"], [[numbers[2], numbers[1]]])
        row = {r[0]: r for r in last["u"]}
        self.assertLess(max(abs(a - b) for a, b in zip(row[clash[0]][1:5], row[clash[1]][1:5])), 3)

    def test_layout_drawn_from_randomness_the_render_did_not_seed_is_marked_and_seeded_layout_is_not(self):
        answer, _ = inspect(
            """
            from manim import *

            class Unseeded(Scene):
                def construct(self):
                    title = Text("a random graph").to_edge(UP)
                    graph = Graph([1, 2, 3, 4], [(1, 2), (2, 3), (3, 4)], layout="random", labels=True)
                    self.add(title, graph)
                    self.wait(0.5)

            class SeededInConstruct(Scene):
                def construct(self):
                    np.random.seed(3)
                    self.add(VGroup(*[Square(np.random.random() + 0.5) for _ in range(4)]).arrange())
                    self.wait(0.5)

            class SeededByManim(Scene):
                def __init__(self, **kwargs):
                    super().__init__(random_seed=7, **kwargs)

                def construct(self):
                    self.add(Graph([1, 2, 3], [(1, 2)], layout="random"))
                    self.wait(0.5)

            # Colours from a continuum: one of random_color()'s 64 can be drawn again by the second run.
            class RandomColours(Scene):
                def construct(self):
                    self.add(VGroup(*[Square(color=ManimColor(np.random.random(3))) for _ in range(3)]).arrange())
                    self.wait(0.5)

            RUNS = []

            class RaisesWhenRunAgain(Scene):
                def construct(self):
                    RUNS.append(np.random.random())
                    if len(RUNS) > 1:
                        raise ValueError("drawn otherwise")
                    self.add(Square(), Text("fixed").to_edge(UP))
                    self.wait(0.5)
        """,
            [
                job("Unseeded"),
                job("SeededInConstruct"),
                job("SeededByManim"),
                job("RandomColours"),
                job("RaisesWhenRunAgain"),
            ],
        )
        unseeded, seeded_in_construct, seeded_by_manim, random_colours, raised = answer["results"]
        # Its second run raised: nothing of its layout is known to hold.
        self.assertEqual(raised["status"], "ok")
        self.assertTrue(all(u.get("unseeded") for u in raised["units"].values()))
        # The graph's vertices, labels and edges are placed at random; the title is not.
        graph = [u for u in unseeded["units"].values() if u["rootType"] == "Graph"]
        self.assertEqual(len(graph), 4 + 4 + 3)
        self.assertTrue(all(u.get("unseeded") for u in graph))
        [title] = [u for u in unseeded["units"].values() if u["rootType"] == "Text"]
        self.assertNotIn("unseeded", title)
        self.assertTrue(any("randomness the render did not seed" in n for n in unseeded["notes"]))
        self.assertTrue(all("unseededColour" not in u for u in unseeded["units"].values()))
        for result in (seeded_in_construct, seeded_by_manim):
            self.assertEqual([u for u in result["units"].values() if u.get("unseeded") or u.get("unseededColour")], [])
            self.assertEqual(result["notes"], [], result["scene"])
        # Random colours keep the squares' places: their layout holds, their contrast is the pixels' to judge.
        squares = list(random_colours["units"].values())
        self.assertEqual(len(squares), 3)
        self.assertTrue(all(u.get("unseededColour") and "unseeded" not in u for u in squares))
        self.assertEqual(len(random_colours["notes"]), 1)
        self.assertIn("3 objects are coloured by randomness", random_colours["notes"][0])

    def test_a_curve_through_an_asymptote_is_recorded_within_bounds(self):
        source = """
            from manim import *

            class Asymptote(Scene):
                def construct(self):
                    self.play(Create(Line(ORIGIN, UP * 1e15)))
        """
        answer, _ = inspect(source, [job("Asymptote")])
        [line] = answer["results"][0]["samples"][-1]["u"]
        # Far past the top edge, and within the bounds the worker accepts (1e6 px).
        self.assertEqual(line[2], -1e6)
        self.assertGreater(line[4], 0)

    def test_a_scene_that_raises_is_an_answer_naming_the_line(self):
        answer, _ = inspect(
            """
            from manim import *

            class Broken(Scene):
                def construct(self):
                    self.play(FadeIn(Square()))
                    1 / 0
        """,
            [job()],
        )
        result = answer["results"][0]
        self.assertEqual(result["status"], "error")
        self.assertEqual(result["error"], "ZeroDivisionError: division by zero (scene.py, line 7)")

    def test_a_scene_sixty_folders_deep_is_loaded_from_its_path_and_its_helpers_from_their_folders(self):
        deep = "d/" * 60 + "scene.py"
        answer, _ = inspect(SLIDE, [job()], name=deep)
        result = answer["results"][0]
        self.assertEqual((result["status"], result["durationMs"]), ("ok", 4000))
        [unit] = [u for u in result["units"].values() if u["isText"]]
        self.assertEqual((unit["file"], unit["line"]), (deep, 6))
        helper = "from manim import *\n\ndef title(text):\n    return Text(text)\n"
        answer, _ = inspect(
            """
            import lib.titles
            from manim import *

            class Titled(Scene):
                def construct(self):
                    self.add(lib.titles.title("Area"))
                    self.wait(1)
        """,
            [job()],
            files={"lib/titles.py": helper},
        )
        result = answer["results"][0]
        self.assertEqual((answer.get("error"), result["status"], result["scene"]), (None, "ok", "Titled"))
        [unit] = [u for u in result["units"].values() if u["isText"]]
        self.assertEqual((unit["file"], unit["line"], unit["calledFrom"]), ("lib/titles.py", 4, 7))

    def test_files_outside_the_sources_are_not_written(self):
        with tempfile.TemporaryDirectory() as scratch:
            request = {"files": {"../escape.py": "x = 1", "scene.py": "from manim import *\n"}, "jobs": [job()]}
            answer, _ = run_inspector(request, scratch)
            self.assertFalse(os.path.exists(os.path.join(os.path.dirname(scratch), "escape.py")))
            self.assertTrue(any("escape.py" in n for n in answer["notes"]))
            self.assertEqual(answer["results"][0]["status"], "no-scene")


if __name__ == "__main__":
    unittest.main()
