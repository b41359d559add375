"""The strength report's generator: a run of some rows of the adding games' tables puts them
into the page as it is, keeping every other row and section."""

from __future__ import annotations

from types import ModuleType

from helpers.tools import load_tool


def strength_tool() -> ModuleType:
    return load_tool("tools/benchmark_strength.py", "benchmark_strength")


HEAD = "| level | against | games | win rate |\n| --- | --- | ---: | ---: |\n"

OLD = (
    "# How strong\n\n```\npython tools/benchmark_strength.py\n```\n\n- date: 2026-12-01\n\n"
    "## The levels\n\n- **expert**: the old way.\n\n## Results\n\nSome rows did not finish.\n\n"
    "### classic\n\n" + HEAD + "| hard | 3 × normal | 2000 | 64.3% |\n"
    "| expert | 3 × hard | 2000 | 26.8% |\n\n"
    "### tactical\n\n" + HEAD + "| hard | 3 × normal | 2000 | 46.6% |\n"
    "| expert | 3 × hard | 2000 | 34.2% |\n"
    "| expert | 2 × trap | 2000 | 55.6% |\n"
)

FRESH = (
    "# How strong\n\n```\npython tools/benchmark_strength.py --only tactical-expert\n```\n\n"
    "- date: 2026-12-05\n\n## The levels\n\n- **expert**: the new way.\n\n## Results\n\n"
    "### classic\n\n"
    + HEAD
    + "\n### tactical\n\n"
    + HEAD
    + "| expert | 3 × hard | 2000 | 37.5% |\n| expert | 3 × trap | 2000 | 41.0% |\n"
)


def test_rows_run_again_replace_their_lines_and_the_rest_of_the_page_stays() -> None:
    tool = strength_tool()
    merged = tool.merge_rows(OLD, FRESH, "- made again: tactical-expert")
    lines = merged.splitlines()
    # The run's rows replace theirs; a row new to its table ends that table.
    assert "| expert | 3 × hard | 2000 | 37.5% |" in lines
    assert "| expert | 3 × hard | 2000 | 34.2% |" not in lines
    trap = lines.index("| expert | 2 × trap | 2000 | 55.6% |")
    assert lines[trap + 1] == "| expert | 3 × trap | 2000 | 41.0% |"
    # Rows not run stay, in both tables, with their figures.
    assert "| expert | 3 × hard | 2000 | 26.8% |" in lines
    assert "| hard | 3 × normal | 2000 | 46.6% |" in lines
    assert lines.index("### tactical") < lines.index("| hard | 3 × normal | 2000 | 46.6% |")
    # The levels are described as the code that ran plays; the first command and date stay,
    # and a line says what was made again.
    assert "- **expert**: the new way." in lines and "- **expert**: the old way." not in lines
    assert "python tools/benchmark_strength.py" in lines and "- date: 2026-12-01" in lines
    assert lines.index("- made again: tactical-expert") < lines.index("## The levels")
    # What the old run said of its own rows stopping short goes with it.
    assert "Some rows did not finish." not in lines
    assert lines.count("## Results") == 1 and lines.count("### classic") == 1


def test_a_second_partial_run_keeps_the_line_of_the_first() -> None:
    tool = strength_tool()
    once = tool.merge_rows(OLD, FRESH, "- made again: first")
    twice = tool.merge_rows(once, FRESH, "- made again: second").splitlines()
    assert twice.index("- made again: first") < twice.index("- made again: second")
    assert twice.count("| expert | 3 × hard | 2000 | 37.5% |") == 1
    assert twice.count("| expert | 3 × trap | 2000 | 41.0% |") == 1
