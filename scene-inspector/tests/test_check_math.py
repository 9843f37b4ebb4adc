"""The mathematics checker's tests: what it finds wrong, what it lets stand, what it skips, and that hostile formulas
end within their limits (docs/math-and-reading.md)."""

import os
import sys
import time
import unittest

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, HERE)

import check_math  # noqa: E402
from check_math import check_scene  # noqa: E402


def verdicts(*formulas, mode="math"):
    return [v["status"] for v in check_scene([{"text": f, "mode": mode} for f in formulas], [])["formulas"]]


def one(formula, mode="math"):
    return check_scene([{"text": formula, "mode": mode}], [])["formulas"][0]


def assert_each_is(test, formulas, status):
    """Each formula gets this verdict (its whole verdict shown when it does not)."""
    for formula in formulas:
        with test.subTest(formula=formula):
            verdict = one(formula)
            test.assertEqual(verdict["status"], status, verdict)


def step(before, after):
    return check_scene([{"text": before, "mode": "math"}, {"text": after, "mode": "math"}], [[0, 1]])["steps"][0]


class Wrong(unittest.TestCase):
    """Planted errors of every kind the corpus has, each found."""

    CASES = [
        r"(x+y)^2 = x^2 + y^2",
        r"(a-b)^2 = a^2 - b^2",
        r"2(x+3) = 2x + 3",
        r"\frac{d}{dx} x^3 = 2x^2",
        r"\frac{d}{dx} \sin x = -\cos x",
        r"\int_0^1 x^2 \, dx = \frac{1}{2}",
        r"\int x^2 \, dx = \frac{x^3}{2} + C",
        r"\lim_{x \to 0} \frac{\sin x}{x} = 0",
        r"\sum_{k=1}^{n} k = \frac{n(n-1)}{2}",
        r"\log(a+b) = \log a + \log b",
        r"\frac{1}{2} + \frac{1}{3} = \frac{2}{5}",
        r"7 \times 8 = 54",
        r"x^2 - 5x + 6 = (x-2)(x-4)",
        r"\cos(2x) = 2\cos x",
        r"\binom{5}{2} = 20",
        r"(x+1)^2 &= x^2 + 2x + 1 \\ &= x^2 + 2x + 2",
        # An evaluation in a chain is not read; the arithmetic after it still is.
        r"n(n - 1) = 6 \cdot 5 = 31",
        # A statement in one unit, read without it; a bracket evaluated at its limits; factorials of small numbers.
        r"A = \pi \cdot 3^2 = 6\pi\ \text{cm}^2",
        r"\int_1^2 3t^2 \, dt = [t^3]_1^2 = 9",
        r"\binom{7}{3} = \frac{7!}{3!\,4!} = 36",
        # The base cancels from the right side's value, not from what it is written in.
        r"\log_b\left(\frac{x}{y}\right) = \frac{\log_b x}{\log_b y}",
    ]

    def test_each_planted_error_is_wrong(self):
        assert_each_is(self, self.CASES, "wrong")

    def test_the_correct_form_is_given_where_the_cas_computes_it(self):
        self.assertEqual(one(r"(x-y)^2 = x^2 - y^2")["expected"], "x^{2} - 2 x y + y^{2}")
        self.assertEqual(one(r"\frac{1}{2} + \frac{1}{3} = \frac{2}{5}")["expected"], r"\frac{5}{6}")
        self.assertEqual(one(r"\frac{d}{dx} x^3 = 2x^2")["expected"], "3 x^{2}")
        self.assertEqual(one(r"\frac{x^2-1}{x-1} = x+2")["expected"], "x + 1")
        self.assertEqual(one(r"\int x^2 \, dx = \frac{x^3}{2} + C")["expected"], r"\frac{x^{3}}{3} + C")
        # An exact value rather than its decimal; an operator's result as SymPy gives it, its trigonometry unexpanded.
        self.assertEqual(one(r"A = \pi \cdot 3^2 = 6\pi\ \text{cm}^2")["expected"], r"9 \pi")
        self.assertEqual(
            one(r"f(x) &= x^3 + \cos(4x) \\ f'(x) &= 3x^2 + 4\sin(4x)")["expected"],
            r"3 x^{2} - 4 \sin{\left(4 x \right)}",
        )

    def test_a_statement_in_prose_or_in_symbols(self):
        self.assertEqual(one(r"Therefore $2 + 2 = 5$.", mode="tex")["status"], "wrong")
        self.assertEqual(one("7 × 8 = 54", mode="text")["status"], "wrong")
        self.assertEqual(one("7 × 8 = 56", mode="text")["status"], "ok")

    def test_a_derivative_of_a_function_the_scene_defined(self):
        result = check_scene([{"text": "f(x) = x^2", "mode": "math"}, {"text": "f'(x) = 3x", "mode": "math"}], [])
        self.assertEqual([v["status"] for v in result["formulas"]], ["skipped", "wrong"])


class Right(unittest.TestCase):
    """True claims stand."""

    CASES = [
        r"(x+y)^2 = x^2 + 2xy + y^2",
        r"\frac{d}{dx}\left(x^2 \sin x\right) = 2x \sin x + x^2 \cos x",
        r"\int_0^1 x^2 \, dx = \frac{1}{3}",
        r"\int x^2 \, dx = \frac{x^3}{3} + C",
        r"\lim_{x \to 0} \frac{\sin x}{x} = 1",
        r"\sum_{k=1}^{n} k = \frac{n(n+1)}{2}",
        r"\sum_{n=1}^{\infty} \frac{1}{n^2} = \frac{\pi^2}{6}",
        r"e^{i\pi} + 1 = 0",
        r"\log(ab) = \log a + \log b",
        r"\log 100 = 2",
        r"\ln(e) = 1",
        r"\sqrt{2} \approx 1.414",
        r"\pi = 3.14",
        r"\sin 30^\circ = \frac{1}{2}",
        r"\sin 30 = \frac{1}{2}",
        r"\sin^2 x + \cos^2 x = 1",
        r"A = \pi (2)^2 = 12.57",
        r"(a+b)^n = \sum_{k=0}^{n} \binom{n}{k} a^{n-k} b^k",
        r"{{a}}^2 - {{b}}^2 = ({{a}} - {{b}})({{a}} + {{b}})",
        r"V = 45\pi\,\text{cm}^3 \approx 141.4\,\text{cm}^3",
        r"\int_0^{\pi} \sin x \, dx = \left[-\cos x\right]_{0}^{\pi} = 2",
        r"\binom{7}{3} = \frac{7!}{3!\,4!} = 35",
        r"\log_b\left(\frac{x}{y}\right) = \log_b x - \log_b y",
    ]

    def test_true_claims_hold(self):
        assert_each_is(self, self.CASES, "ok")


class Skipped(unittest.TestCase):
    """Relations, definitions, conditions and notation no parser reads: skipped, never flagged."""

    CASES = [
        r"F = ma",
        r"A = \pi r^2",
        r"f(x) = x^2",
        r"x \in [0, 1]",
        r"g \circ f",
        r"x \mapsto x^2",
        r"1 + 2 + \cdots + n = \frac{n(n+1)}{2}",
        r"x = \frac{-b \pm \sqrt{b^2 - 4ac}}{2a}",
        r"2x + 3 = 7",
        # An equation to solve written with a product: its sides' leading terms differ, so it is no rewriting.
        r"4(x-1) = 2x + 6",
        r"\text{Solve } 3(x+2) = x - 4",
        r"a^2 + b^2 = c^2",
        r"(x-1)^2 + (y-2)^2 = 9",
        r"\sqrt{1+x} \approx 1 + \frac{x}{2}",
        r"\frac{dy}{dx} = 2x",
        r"\begin{bmatrix} 1 & 2 \\ 3 & 4 \end{bmatrix} = A",
        r"v = 3\,\text{m/s}",
        r"x_1 = 2, x_2 = 3",
        r"\vec{F} = m\vec{a}",
        r"\lim_{h \to 0} \frac{f(x+h) - f(x)}{h} = f'(x)",
        # A derivative with respect to what the formula does not say; a label before a colon; an evaluation in a chain.
        r"\left(\frac{\sin x}{x}\right)' = \frac{x\cos x - \sin x}{x^2}",
        r"n = 6: \quad n(n - 1) = 6 \cdot 5 = 30",
        r"n(n - 1) = 6 \cdot 5",
        # Two units (a conversion); a value past a float's range; an evaluation bar.
        r"3\,\text{cm} = 30\,\text{mm}",
        r"2000! = 5",
        r"\left. x^2 \right|_0^1 = 1",
    ]

    def test_never_flagged(self):
        assert_each_is(self, self.CASES, "skipped")

    def test_an_ellipsis_says_so(self):
        self.assertRegex(one(r"1 + 2 + \cdots + n = \frac{n(n+1)}{2}")["why"], "^an ellipsis")

    def test_no_claim_is_not_read(self):
        result = check_scene([{"text": r"\frac{x^2}{2}", "mode": "math"}, {"text": "Hello", "mode": "text"}], [])
        self.assertEqual([v["status"] for v in result["formulas"]], ["skipped", "skipped"])
        self.assertNotIn("startCpuSeconds", result, "SymPy is not even imported when nothing claims anything")


class Steps(unittest.TestCase):
    """A derivation's steps: each must follow from the one before."""

    def test_expressions_must_stay_equal(self):
        self.assertEqual(step("(x+y)^2", "x^2 + 2xy + y^2")["status"], "ok")
        self.assertEqual(step("(x+y)^2", "x^2 + y^2")["status"], "wrong")

    def test_equations_must_keep_their_solutions(self):
        self.assertEqual(step("2x + 3 = 7", "2x = 4")["status"], "ok")
        self.assertEqual(step("2x = 4", "x = 2")["status"], "ok")
        self.assertEqual(step("x^2 = 9", r"x = \pm 3")["status"], "ok")
        self.assertEqual(step("x^2 - 5x + 6 = 0", "(x-2)(x-3) = 0")["status"], "ok")
        self.assertEqual(step(r"\sqrt{x+2} = x", "x + 2 = x^2")["status"], "ok", "squaring may add a root")
        wrong = step("2x + 3 = 7", "2x = 10")
        self.assertEqual(wrong["status"], "wrong")
        self.assertIn("x = 2 solves", wrong["detail"])
        self.assertEqual(wrong["expected"], "2 x = 4")
        self.assertEqual(step("x^2 - 5x + 6 = 0", "(x-2)(x-4) = 0")["status"], "wrong")
        self.assertEqual(step("x^2 = 3x", "x = 3")["status"], "wrong", "dividing by x loses the root 0")

    def test_lines_of_an_aligned_block_in_one_unknown_are_a_derivation(self):
        self.assertEqual(one(r"5 - 2x &= 11 \\ -2x &= 6 \\ x &= -3")["status"], "ok")
        wrong = one(r"5 - 2x &= 11 \\ -2x &= 16 \\ x &= -8")
        self.assertEqual(wrong["status"], "wrong")
        self.assertIn("x = -3 solves 5 - 2x = 11 but not -2x = 16", wrong["detail"])
        # Two unknowns on a line: a system, not a derivation.
        self.assertEqual(one(r"x + y = 5 \\ x - y = 1")["status"], "skipped")

    def test_formulas_written_one_below_another_are_steps_only_in_one_unknown(self):
        def layout(*formulas):
            result = check_scene(
                [{"text": f, "mode": "math"} for f in formulas],
                [[k, k + 1, "layout"] for k in range(len(formulas) - 1)],
            )
            return [s["status"] for s in result["steps"]]

        self.assertEqual(layout("3x + 5 = 20", "3x = 20 + 5", "3x = 25"), ["wrong", "ok"])
        self.assertEqual(layout("3x + 5 = 20", "3x = 20 - 5", "3x = 15"), ["ok", "ok"])
        self.assertEqual(layout(r"\log(ab) = \log a + \log b", r"\log(a^n) = n \log a"), ["skipped"])

    def test_a_line_below_that_starts_with_a_relation_continues_the_one_above(self):
        def layout(*formulas):
            result = check_scene(
                [{"text": f, "mode": "math"} for f in formulas],
                [[k, k + 1, "layout"] for k in range(len(formulas) - 1)],
            )
            return [s["status"] for s in result["steps"]]

        self.assertEqual(
            layout(r"14 \times 15", r"= 14 \times 10 + 14 \times 5", "= 140 + 70", "= 200"), ["ok", "ok", "wrong"]
        )
        self.assertEqual(
            layout(r"14 \times 15", r"= 14 \times 10 + 14 \times 5", "= 140 + 70", "= 210"), ["ok", "ok", "ok"]
        )
        self.assertEqual(layout("(x+3)^2", "= x^2 + 9"), ["wrong"])
        self.assertEqual(layout("(x+3)^2", "= x^2 + 6x + 9"), ["ok"])
        self.assertEqual(layout("2x = 4", r"\Rightarrow x = 3"), ["wrong"])
        # Only a relation continues: `\left(` and `\int` start new statements.
        self.assertEqual(layout("2x = 4", r"\int_0^1 x \, dx = \frac{1}{2}"), ["skipped"])

    def test_after_an_identity_a_value_is_put_in_and_a_new_identity_must_hold(self):
        self.assertEqual(step(r"e^{i\theta} = \cos\theta + i\sin\theta", r"\theta = \pi")["status"], "skipped")
        self.assertEqual(
            step(r"\frac{\sin^2 x}{\cos^2 x} + 1 = \frac{1}{\cos^2 x}", r"\tan^2 x + 1 = \sec^2 x")["status"], "ok"
        )
        self.assertEqual(
            step(r"\frac{\sin^2 x}{\cos^2 x} + 1 = \frac{1}{\cos^2 x}", r"\tan^2 x + 1 = \csc^2 x")["status"], "wrong"
        )

    def test_values_put_in_for_a_formula_s_letters_are_not_a_consequence(self):
        found = step(r"x = \frac{-b \pm \sqrt{b^2 - 4ac}}{2a}", r"x = \frac{3 \pm \sqrt{9 + 16}}{4}")
        self.assertEqual(found["status"], "skipped", found)

    def test_a_principal_root_is_taken_on_purpose(self):
        self.assertEqual(step("a^2 + b^2 = c^2", r"c = \sqrt{a^2 + b^2}")["status"], "ok")
        self.assertEqual(step("x^2 = 9", "x = 3")["status"], "wrong")

    def test_a_chain_of_implications(self):
        self.assertEqual(one(r"2x + 3 = 7 \Rightarrow 2x = 4 \Rightarrow x = 2")["status"], "ok")
        self.assertEqual(one(r"2x + 3 = 7 \Rightarrow 2x = 4 \Rightarrow x = 3")["status"], "wrong")


class Hostile(unittest.TestCase):
    """Formulas built to hang or exhaust the CAS end within their limits, skipped and counted."""

    def test_a_tower_of_powers_is_not_evaluated(self):
        started = time.process_time()
        result = one(r"2^{2^{2^{100}}} = 4")
        self.assertEqual(result["status"], "skipped")
        self.assertIn("too large", result["why"])
        self.assertLess(time.process_time() - started, 5)

    def test_a_factorial_too_large(self):
        self.assertEqual(one(r"100000! = 1")["status"], "skipped")

    def test_a_ten_thousand_term_sum(self):
        result = one(" + ".join(str(k) for k in range(1, 10_001)) + " = 50005000")
        self.assertEqual(result["status"], "skipped")

    def test_a_bare_superscript_is_not_run_into_what_follows(self):
        self.assertEqual(one(r"\int_1^2 2x\,dx = 2^2 - 1^2 = 3")["status"], "ok")
        self.assertEqual(one(r"\int_0^3 x^2 \, dx = 27")["status"], "wrong")

    def test_nesting_past_the_parser(self):
        self.assertEqual(one("{" * 3000 + "x" + "}" * 3000 + " = 1")["status"], "skipped")

    def test_a_formula_that_runs_past_its_cpu_time(self):
        result = one(r"\sum_{k=1}^{100000} k^{k} = 1")
        self.assertEqual(result["status"], "skipped")
        self.assertLessEqual(result["cpuMs"], check_math.FORMULA_CPU_SECONDS * 1000 + 500)

    def test_five_hundred_formulas_stay_within_the_scene_budget(self):
        formulas = [{"text": rf"\int_0^{{{k}}} x^{{{k % 7 + 1}}}\,dx = {k}", "mode": "math"} for k in range(500)]
        started = time.process_time()
        result = check_scene(formulas, [])
        spent = time.process_time() - started
        self.assertEqual(len(result["formulas"]), 500)
        self.assertLessEqual(spent, check_math.SCENE_CPU_SECONDS + 2)
        statuses = {v["status"] for v in result["formulas"]}
        self.assertTrue(statuses <= {"ok", "wrong", "skipped"})


if __name__ == "__main__":
    unittest.main()
