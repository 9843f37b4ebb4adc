"""The patcher's tests (pure syntax trees), and the repair session's on real Manim, run as the sandbox runs it."""

import json
import os
import subprocess
import sys
import tempfile
import textwrap
import unittest

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, HERE)

from patch_scene import PatchError, apply_edits, unified_diffs  # noqa: E402

SCENE = textwrap.dedent("""\
    from manim import *

    class Labels(Scene):
        def construct(self):
            circle = Circle()  # the shape
            label = Text("Hi", font_size=12).next_to(circle, RIGHT)  # a comment
            formula = MathTex(
                r"x^2",
                color=BLUE,
            )
            self.play(Write(label), FadeIn(formula))
            self.play(label.animate.shift(RIGHT * 7))
            self.play(FadeOut(circle))
            VGroup(circle, label).arrange(DOWN)
""")


def edit(line, op, obj=None, file="scene.py"):
    return {"file": file, "line": line, "op": op, **({"object": obj} if obj else {})}


def patched(*edits):
    files, changes = apply_edits({"scene.py": SCENE}, list(edits))
    return files["scene.py"], changes


class PatchTest(unittest.TestCase):
    def assert_only_line_changed(self, text, changed):
        old, new = SCENE.splitlines(), text.splitlines()
        self.assertEqual(len(old), len(new))
        self.assertEqual([i + 1 for i, (a, b) in enumerate(zip(old, new)) if a != b], changed)

    def test_replaces_a_keyword_value_alone_and_leaves_every_other_byte(self):
        text, changes = patched(edit(6, {"kind": "keyword", "call": "Text", "keyword": "font_size", "value": "36"}))
        self.assertIn('label = Text("Hi", font_size=36).next_to(circle, RIGHT)  # a comment\n', text)
        self.assert_only_line_changed(text, [6])
        self.assertEqual(
            changes,
            [
                {
                    "file": "scene.py",
                    "line": 6,
                    "before": 'label = Text("Hi", font_size=12).next_to(circle, RIGHT)  # a comment',
                    "after": 'label = Text("Hi", font_size=36).next_to(circle, RIGHT)  # a comment',
                }
            ],
        )

    def test_counts_lines_as_python_does_and_keeps_a_byte_order_mark(self):
        # str.splitlines breaks at these; Python's tokenizer does not: every later line would land one early.
        odd = "\ufeff" + SCENE.replace("# the shape", "# the shape\u2028\u2029\x85\x0c\x0b end")
        files, _ = apply_edits(
            {"scene.py": odd}, [edit(6, {"kind": "keyword", "call": "Text", "keyword": "font_size", "value": "36"})]
        )
        text = files["scene.py"]
        self.assertTrue(text.startswith("\ufeff"))
        self.assertEqual(text, odd.replace("font_size=12", "font_size=36"))
        diff = unified_diffs({"scene.py": odd}, files)["scene.py"]
        self.assertEqual(
            [line for line in diff.split("\n") if line.startswith(("-", "+")) and not line.startswith(("---", "+++"))],
            [
                '-        label = Text("Hi", font_size=12).next_to(circle, RIGHT)  # a comment',
                '+        label = Text("Hi", font_size=36).next_to(circle, RIGHT)  # a comment',
            ],
        )

    def test_adds_a_keyword_to_a_call_over_several_lines_keeping_every_later_line_where_it_was(self):
        text, _ = patched(edit(7, {"kind": "keyword", "call": "MathTex", "keyword": "font_size", "value": "60"}))
        # What the call had stays as written (the raw string too); the closing parenthesis keeps the lines' count.
        self.assertIn('formula = MathTex(r"x^2", color=BLUE, font_size=60\n\n\n        )\n', text)
        old, new = SCENE.splitlines(), text.splitlines()
        self.assertEqual(old[10:], new[10:])
        self.assertEqual(old[:6], new[:6])

    def test_chains_a_shift_onto_a_placement_and_onto_the_objects_own_animation_in_a_play(self):
        text, _ = patched(edit(6, {"kind": "chain", "call": "shift(0.4 * LEFT)"}))
        self.assertIn('label = Text("Hi", font_size=12).next_to(circle, RIGHT).shift(0.4 * LEFT)  # a comment\n', text)
        text, _ = patched(edit(12, {"kind": "chain", "call": "shift(3.2 * LEFT)"}, obj=6))
        self.assertIn("self.play(label.animate.shift(RIGHT * 7).shift(3.2 * LEFT))\n", text)
        self.assert_only_line_changed(text, [12])

    def test_adds_a_fade_out_of_the_object_to_a_play(self):
        text, _ = patched(edit(13, {"kind": "animate", "animation": "FadeOut(__object__)"}, obj=6))
        self.assertIn("self.play(FadeOut(circle), FadeOut(label))\n", text)
        self.assert_only_line_changed(text, [13])

    def test_an_expression_chained_whole_is_parenthesised_only_when_it_must_be(self):
        files, _ = apply_edits(
            {"s.py": "x = a + b\ny = -c\n"},
            [
                edit(1, {"kind": "chain", "call": "shift(UP)"}, file="s.py"),
                edit(2, {"kind": "chain", "call": "shift(UP)"}, file="s.py"),
            ],
        )
        self.assertEqual(files["s.py"], "x = (a + b).shift(UP)\ny = (-c).shift(UP)\n")

    def test_edits_apply_in_order_on_the_last_result(self):
        text, _ = patched(
            edit(6, {"kind": "keyword", "call": "next_to", "keyword": "buff", "value": "0.45"}),
            edit(6, {"kind": "chain", "call": "shift(0.2 * UP)"}),
        )
        self.assertIn("next_to(circle, RIGHT, buff=0.45).shift(0.2 * UP)", text)

    def test_an_object_that_cannot_be_named_makes_the_edit_invalid_with_the_reason(self):
        with self.assertRaisesRegex(PatchError, "line 14 does not bind the object to one name"):
            patched(edit(13, {"kind": "animate", "animation": "FadeOut(__object__)"}, obj=14))
        with self.assertRaisesRegex(PatchError, "needs the line that made the object"):
            patched(edit(12, {"kind": "chain", "call": "shift(LEFT)"}))

    def test_runs_a_statement_on_the_group_a_member_was_put_in_just_before_a_line(self):
        crowd = textwrap.dedent("""\
            from manim import *

            class Crowd(Scene):
                def construct(self):
                    labels = VGroup()
                    for w in ["a", "b", "c"]:
                        labels.add(Text(w))
                    words = VGroup(*[Text(w) for w in "xyz"])
                    texts = [Text(w) for w in "pqr"]
                    others = VGroup(*texts)
                    loose = Text("alone")
                    self.add(loose)
                    self.play(FadeIn(labels), FadeIn(words), FadeIn(others))
        """)
        arrange = {"kind": "before", "statement": "__group__.arrange_in_grid(rows=1, cols=3, buff=0.25)"}
        for member, group in ((7, "labels"), (8, "words"), (9, "others")):
            files, changes = apply_edits({"scene.py": crowd}, [{**edit(13, arrange), "member": member}])
            lines = files["scene.py"].splitlines()
            self.assertEqual(len(lines), len(crowd.splitlines()))
            self.assertEqual(
                lines[12].strip(),
                f"{group}.arrange_in_grid(rows=1, cols=3, buff=0.25); "
                "self.play(FadeIn(labels), FadeIn(words), FadeIn(others))",
            )
            self.assertEqual(changes[0]["line"], 13)
        # Put on the scene by `self.add`, it is in no group: the scene is not one.
        with self.assertRaisesRegex(PatchError, "line 11 puts its object in no group a name binds"):
            apply_edits({"scene.py": crowd}, [{**edit(13, arrange), "member": 11}])

    def test_runs_several_expression_statements_before_a_line_and_nothing_else(self):
        crowd = (
            "from manim import *\n\nclass C(Scene):\n    def construct(self):\n"
            "        g = VGroup(*[Text(w) for w in 'abcd'])\n        self.play(FadeIn(g))\n"
        )
        steps = {"kind": "before", "statement": "self.play(FadeIn(__group__[:2])); __group__.remove(*__group__[:2])"}
        files, _ = apply_edits({"scene.py": crowd}, [{**edit(6, steps), "member": 5}])
        self.assertEqual(
            files["scene.py"].splitlines()[5].strip(),
            "self.play(FadeIn(g[:2])); g.remove(*g[:2]); self.play(FadeIn(g))",
        )
        for statement in ("x = 1; self.play(FadeIn(g))", "import os", "for p in g: p.scale(2)", "a\nb"):
            with self.assertRaisesRegex(PatchError, "is not Python expressions"):
                apply_edits({"scene.py": crowd}, [{**edit(6, {"kind": "before", "statement": statement}), "member": 5}])

    def test_a_method_call_never_goes_on_a_collection_of_objects(self):
        source = "from manim import *\n\nlabels = [Text(str(i)).move_to([i, 0, 0]) for i in range(9)]\n"
        with self.assertRaisesRegex(PatchError, "line 3 makes a collection of objects"):
            apply_edits({"scene.py": source}, [edit(3, {"kind": "chain", "call": "shift(LEFT)"})])

    def test_never_touches_a_file_outside_the_sources_nor_takes_text_that_is_not_one_expression(self):
        for name in ("other.py", "../scene.py", "/etc/passwd"):
            with self.assertRaisesRegex(PatchError, "is not one of the scene's source files"):
                patched(edit(6, {"kind": "chain", "call": "shift(LEFT)"}, file=name))
        for value in ("1; import os", "1)\nimport os\nprint((1", "__import__('os').system('id') if 0 else 1 +"):
            with self.assertRaisesRegex(PatchError, "is not a Python expression"):
                patched(edit(6, {"kind": "keyword", "call": "Text", "keyword": "font_size", "value": value}))
        with self.assertRaisesRegex(PatchError, "is not a method call"):
            patched(edit(6, {"kind": "chain", "call": "x.shift(LEFT)"}))
        with self.assertRaisesRegex(PatchError, "no `Square"):
            patched(edit(6, {"kind": "keyword", "call": "Square", "keyword": "side_length", "value": "1"}))

    def test_diffs_only_changed_files(self):
        files = {"scene.py": SCENE, "helpers.py": "X = 1\n"}
        out, _ = apply_edits(
            files, [edit(6, {"kind": "keyword", "call": "Text", "keyword": "font_size", "value": "36"})]
        )
        diffs = unified_diffs(files, out)
        self.assertEqual(list(diffs), ["scene.py"])
        self.assertIn('-        label = Text("Hi", font_size=12)', diffs["scene.py"])
        self.assertIn("+++ b/scene.py", diffs["scene.py"])


STATEFUL = textwrap.dedent("""\
    from manim import *
    import manim

    # Module state and Manim's config changed on import: a candidate must not see the last one's.
    manim.TIMES_IMPORTED = getattr(manim, "TIMES_IMPORTED", 0) + 1
    config.background_color = "#102030" if manim.TIMES_IMPORTED == 1 else "#ffffff"

    class Waits(Scene):
        def construct(self):
            label = Text("Hi", font_size=20)
            self.play(FadeIn(label))
            self.wait(manim.TIMES_IMPORTED)
""")


class SessionTest(unittest.TestCase):
    def test_candidates_run_in_forked_children_that_share_nothing(self):
        job = {"scene": "Waits", "width": 854, "height": 480, "fps": 15, "durationMs": 2000, "toleranceMs": 135}
        lines = [
            {"files": {"scene.py": STATEFUL}, "job": job, "candidateSeconds": 120},
            {"id": "a", "edits": []},
            {
                "id": "b",
                "edits": [edit(10, {"kind": "keyword", "call": "Text", "keyword": "font_size", "value": "40"})],
            },
            {
                "id": "c",
                "edits": [edit(10, {"kind": "keyword", "call": "Text", "keyword": "font_size", "value": "1 +"})],
            },
        ]
        with tempfile.TemporaryDirectory() as scratch:
            done = subprocess.run(
                [sys.executable, "-I", os.path.join(HERE, "repair_session.py")],
                input="".join(json.dumps(x) + "\n" for x in lines),
                capture_output=True,
                text=True,
                cwd=scratch,
                timeout=300,
            )
        self.assertEqual(done.returncode, 0, done.stderr[-2000:])
        ready, a, b, c = [json.loads(x) for x in done.stdout.splitlines()]
        self.assertTrue(ready["ready"])
        for answer in (a, b):
            self.assertEqual(answer["status"], "ran")
            self.assertEqual(answer["result"]["durationMs"], 2000)
            self.assertEqual(answer["result"]["samples"][-1]["bg"], "#102030")
            self.assertGreater(answer["cpuSeconds"], 0)
        self.assertEqual((a["files"], a["diff"]), ({}, {}))
        self.assertIn("font_size=40", b["files"]["scene.py"])
        [glyph_a] = [u[10] for u in a["result"]["samples"][-1]["u"]]
        [glyph_b] = [u[10] for u in b["result"]["samples"][-1]["u"]]
        self.assertAlmostEqual(glyph_b / glyph_a, 2.0, places=2)
        self.assertEqual(c["status"], "invalid")
        self.assertIn("is not a Python expression", c["reason"])


if __name__ == "__main__":
    unittest.main()
