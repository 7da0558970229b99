"""The suite's workers take the longest units first (tests/conftest.py, issue #43).

Why it is a rule: on two cores the run ends when its last worker does; a crash-and-restart
loop handed out last kept the other workers idle for minutes at the end of the run."""

from __future__ import annotations

from tests.conftest import expected_seconds, longest_first, unit_of

QUICK: frozenset[str] = frozenset()
SLOW = frozenset({"slow"})
BROWSER = frozenset({"browser"})


def test_a_slow_test_goes_out_before_quick_ones_collected_before_it() -> None:
    tests = [("tests/pods/test_a.py::test_one", QUICK),
             ("tests/pods/test_a.py::test_two", QUICK),
             ("tests/server/services/test_crash_restart.py::test_kill[sqlite]", SLOW)]
    assert longest_first(tests)[0] == tests[2][0]


def test_a_browser_module_is_one_unit_that_keeps_its_order_and_goes_by_its_sum() -> None:
    module = "tests/browser/test_pages.py"
    tests = [("tests/pods/test_a.py::test_one", SLOW),
             (f"{module}::test_first", BROWSER),
             ("tests/pods/test_a.py::test_two", QUICK),
             *[(f"{module}::test_{n}", BROWSER) for n in range(7)]]
    order = longest_first(tests)
    assert order[:8] == [f"{module}::test_first", *[f"{module}::test_{n}" for n in range(7)]]
    assert order[8:] == ["tests/pods/test_a.py::test_one", "tests/pods/test_a.py::test_two"]


def test_browser_modules_go_out_before_every_other_unit_each_part_longest_first() -> None:
    crash_loop = ("tests/server/services/test_crash_restart.py::test_kill[sqlite]", SLOW)
    short_module = [("tests/browser/test_short.py::test_one", BROWSER)]
    long_module = [(f"tests/browser/test_long.py::test_{n}", BROWSER) for n in range(3)]
    quick = ("tests/pods/test_a.py::test_one", QUICK)
    order = longest_first([quick, crash_loop, *short_module, *long_module])
    assert order == [*(nodeid for nodeid, _ in long_module), short_module[0][0],
                     crash_loop[0], quick[0]]


def test_equal_units_keep_the_collection_order_and_nothing_is_lost() -> None:
    tests = [(f"tests/pods/test_a.py::test_{n}", QUICK) for n in range(5)]
    assert longest_first(tests) == [nodeid for nodeid, _ in tests]
    mixed = [*tests, ("tests/browser/test_x.py::test_y", BROWSER)]
    assert sorted(longest_first(mixed)) == sorted(nodeid for nodeid, _ in mixed)


def test_a_test_counts_its_longest_mark_and_a_shared_module_groups_by_module() -> None:
    assert expected_seconds({"browser", "slow"}) == expected_seconds({"slow"}) > \
        expected_seconds({"browser"}) > expected_seconds(set())
    assert unit_of("tests/browser/test_pages.py::test_a[en]") == "tests/browser/test_pages.py"
    assert unit_of("tests/pods/test_a.py::test_b") == "tests/pods/test_a.py::test_b"
