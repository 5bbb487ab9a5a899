"""``cgt explore`` in a real headless Chromium: enter games, draw boards, follow options, go
back, see the marks, the errors of the CLI, and cancel a long computation.

Every value the page shows is checked against `cgt.value` computed here.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import cgt
from cgt.cli.rulesets import build_position
from cgt.explorer.server import ExplorerServer

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def explorer() -> Iterator[ExplorerServer]:
    with ExplorerServer(time_limit=120) as server:
        server.start()
        yield server


def value_of(game: str, text: str) -> str:
    return str(cgt.value(build_position(game, text)))


def shown(page: Any, fact: str) -> str:
    return str(page.inner_text(f"[data-fact={fact}]")).split(" (")[0]


def wait_for_node(page: Any, text: str) -> None:
    page.wait_for_function(
        "t => document.querySelector('[data-test=node-text]')?.textContent === t", arg=text
    )


def test_domineering_follow_an_option_and_back(
    page: Any, explorer: ExplorerServer, shots: Path
) -> None:
    page.goto(explorer.url)
    page.select_option("[data-test=game]", "domineering")
    page.fill("[data-test=position]", "...|...")
    page.click("[data-test=explore]")
    wait_for_node(page, "...|...")
    assert shown(page, "value") == value_of("domineering", "...|...") == "{2|-1/2}"
    assert shown(page, "outcome") == "N"
    assert shown(page, "mean") == "3/4"
    assert shown(page, "temperature") == "5/4"
    assert page.inner_text("[data-fact=stops]") == "left 2, right -1/2"
    assert page.locator("[data-test=thermograph] svg").count() == 1
    lefts = page.locator("[data-test=left-options] button.option")
    rights = page.locator("[data-test=right-options] button.option")
    options = cgt.left_options_of(build_position("domineering", "...|..."))
    assert lefts.count() == len(options) == 3
    assert rights.count() == 4
    page.screenshot(path=str(shots / "explorer-domineering.png"), full_page=True)

    # follow Right's first move, then Left's answer, and read the values shown
    right_option = str(cgt.right_options_of(build_position("domineering", "...|..."))[0])
    page.click("[data-test=option-R0]")
    wait_for_node(page, right_option)
    assert shown(page, "value") == value_of("domineering", right_option)
    assert "path=R0" in page.url
    answer = str(cgt.left_options_of(build_position("domineering", right_option))[0])
    page.click("[data-test=option-L0]")
    wait_for_node(page, answer)
    assert shown(page, "value") == value_of("domineering", answer)
    assert page.inner_text("[data-test=crumb-1]") == f"Right: {right_option}"

    # back one move with the button; the browser's own Back undoes that; the trail's start
    page.click("[data-test=back]")
    wait_for_node(page, right_option)
    page.go_back()
    wait_for_node(page, answer)
    page.click("[data-test=crumb-0]")
    wait_for_node(page, "...|...")
    assert shown(page, "value") == "{2|-1/2}"


def test_notation_marks_dominated_and_reversible_options(
    page: Any, explorer: ExplorerServer, shots: Path
) -> None:
    page.goto(explorer.url)
    page.fill("[data-test=position]", "{1, 0, * | 2, 2}")
    page.click("[data-test=explore]")
    wait_for_node(page, "{1, 0, * | 2, 2}")
    assert shown(page, "value") == str(cgt.Game("{1, 0, * | 2, 2}")) == "3/2"
    left = page.locator("[data-test=left-options] li")
    assert left.count() == 3
    assert "dominated by option 1" in left.nth(1).inner_text()  # 0 <= 1
    assert "dominated by option 1" in left.nth(2).inner_text()  # * <= 1
    right = page.locator("[data-test=right-options] li")
    assert "equal to option 1" in right.nth(1).inner_text()
    assert right.nth(0).locator("[data-test=dominated]").count() == 0
    page.screenshot(path=str(shots / "explorer-notation.png"), full_page=True)

    page.fill("[data-test=position]", "{0, * | 1}")
    page.click("[data-test=explore]")
    wait_for_node(page, "{0, * | 1}")
    star = page.locator("[data-test=left-options] li").nth(1)
    assert "reversible: Right's 0 reverses it to nothing" in star.inner_text()
    page.click("[data-test=option-L1]")
    wait_for_node(page, "*")
    assert shown(page, "value") == "*"
    assert shown(page, "outcome") == "N"


def test_bad_input_gets_the_message_of_the_cli(page: Any, explorer: ExplorerServer) -> None:
    page.goto(explorer.url)
    page.fill("[data-test=position]", "{1|2")
    page.click("[data-test=explore]")
    page.wait_for_selector("[data-test=error]:not([hidden])")
    with pytest.raises(cgt.NotationError) as notation:
        cgt.parse("{1|2")
    assert page.inner_text("[data-test=error]") == str(notation.value)

    page.select_option("[data-test=game]", "domineering")
    page.fill("[data-test=position]", "..|.z")
    page.click("[data-test=explore]")
    page.wait_for_function(
        "() => document.querySelector('[data-test=error]').textContent.includes('unexpected')"
    )
    with pytest.raises(cgt.CGTError) as board:
        build_position("domineering", "..|.z")
    assert page.inner_text("[data-test=error]") == str(board.value)


def test_draw_a_domineering_board(page: Any, explorer: ExplorerServer, shots: Path) -> None:
    page.goto(explorer.url)
    page.select_option("[data-test=game]", "domineering")
    page.click("[data-test=draw]")
    page.click("[data-test=add-column]")  # 3 x 4
    page.click("[data-test='paint-#']")
    page.click("[data-test=canvas] [data-cell='0,0']")
    page.click("[data-test=canvas] [data-cell='2,3']")
    assert page.input_value("[data-test=position]") == "#...|....|...#"
    page.screenshot(path=str(shots / "explorer-draw-domineering.png"), full_page=True)
    page.click("[data-test=explore]")
    wait_for_node(page, "#...|....|...#")
    assert shown(page, "value") == value_of("domineering", "#...|....|...#")


def test_draw_hackenbush_and_toads_and_frogs(
    page: Any, explorer: ExplorerServer, shots: Path
) -> None:
    page.goto(explorer.url)
    page.select_option("[data-test=game]", "hackenbush")
    page.click("[data-test=draw]")
    page.click("[data-test=canvas] [data-vertex=ground]")  # a blue edge on the ground
    page.click("[data-test=paint-R]")
    page.click("[data-test=canvas] [data-vertex='0']")  # red on top of it
    page.click("[data-test=paint-G]")
    page.click("[data-test=canvas] [data-vertex='0']")  # and a green branch
    assert page.input_value("[data-test=position]") == "L(R,G)"
    page.click("[data-test=explore]")
    wait_for_node(page, "L(R,G)")
    assert shown(page, "value") == value_of("hackenbush", "L(R,G)")
    page.screenshot(path=str(shots / "explorer-hackenbush.png"), full_page=True)
    page.click("[data-test=canvas] [data-edge='0.1']")  # cut the green edge
    assert page.input_value("[data-test=position]") == "LR"

    page.fill("[data-test=position]", "T..F")
    page.select_option("[data-test=game]", "toads-and-frogs")  # the open editor reads the text
    page.click("[data-test=paint-T]")
    page.click("[data-test=canvas] [data-cell='0,1']")
    assert page.input_value("[data-test=position]") == "TT.F"
    page.click("[data-test=explore]")
    wait_for_node(page, "TT.F")
    assert shown(page, "value") == value_of("toads-and-frogs", "TT.F") == "{1/2|0}"


def test_a_long_computation_shows_progress_and_can_be_cancelled(
    page: Any, explorer: ExplorerServer
) -> None:
    big = "......|......|......|......|......|......"  # Domineering 6 x 6: minutes of work
    page.goto(explorer.url)
    page.select_option("[data-test=game]", "domineering")
    page.fill("[data-test=position]", big)
    page.click("[data-test=explore]")
    page.wait_for_function(
        "() => /positions valued/.test(document.querySelector('[data-test=progress-text]')"
        ".textContent)"
    )
    assert page.is_visible("[data-test=cancel]")
    page.click("[data-test=cancel]")
    page.wait_for_function(
        "() => document.querySelector('[data-test=error]').textContent === 'Cancelled.'"
    )
    assert page.is_hidden("[data-test=progress]")
    # the explorer goes on with a fresh worker
    page.fill("[data-test=position]", "..|..")
    page.click("[data-test=explore]")
    wait_for_node(page, "..|..")
    assert shown(page, "value") == "±1"
