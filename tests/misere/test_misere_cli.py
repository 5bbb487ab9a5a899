"""``cgt octal CODE --misere``: misère Grundy values, genus, P-heaps and the quotient."""

import json

import pytest

from cgt.cli import main


def test_octal_misere_text(capsys):
    assert main(["octal", "0.75", "--misere", "--upto", "10", "--quotient-upto", "6"]) == 0
    out = capsys.readouterr().out
    assert "G-(0..9): 1 0 2 0 2 4 2 4 2 1" in out
    assert "5:1^431" in out
    assert "single heaps that are misère P-positions: 1 3" in out
    assert "order 8, P = {a, b^2} (certified)" in out
    assert "heaps 0..6 -> 1 a b a b c b" in out


def test_octal_misere_json(capsys):
    args = ["octal", "0.77", "--misere", "--upto", "6", "--json", "--quotient-upto", "6"]
    assert main(args) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["genus"] == ["0^120", "1^031", "2^20", "3^31", "1^031", "4^146"]
    assert report["misere_grundy"] == [1, 0, 2, 3, 0, 1]
    assert report["quotient"]["order"] == 12
    assert report["quotient"]["p_portion"] == ["a", "ac", "b^2"]


def test_quotient_can_be_left_out(capsys):
    assert main(["octal", "0.07", "--misere", "--upto", "5", "--quotient-upto", "0"]) == 0
    out = capsys.readouterr().out
    assert "quotient" not in out
    assert main(["octal", "0.07", "--upto", "5"]) == 0  # normal play unchanged
    assert "g(0..4): 0 0 1 1 2" in capsys.readouterr().out


def test_quotient_by_simplest_forms(capsys):
    args = ["octal", "0.77", "--misere", "--upto", "3", "--quotient-upto", "5"]
    assert main([*args, "--quotient-by", "forms"]) == 0
    by_forms = capsys.readouterr().out
    assert main(args) == 0
    assert capsys.readouterr().out == by_forms
    assert "order 12, P = {a, ac, b^2} (certified)" in by_forms


def test_the_whole_quotient_with_its_presentation_is_the_default(capsys):
    assert main(["octal", "0.75", "--misere", "--upto", "4"]) == 0
    out = capsys.readouterr().out
    assert "misère quotient of all heaps: order 8, P = {a, b^2} (certified)" in out
    # Plambeck and Siegel's R_8, relation for relation
    assert "presentation: <a, b, c | a^2 = 1, bc = ab, c^2 = b^2, b^3 = b>" in out
    assert "(a = heap 1, b = heap 2, c = heap 5)" in out
    assert main(["octal", "0.75", "--misere", "--upto", "4", "--json"]) == 0
    quotient = json.loads(capsys.readouterr().out)["quotient"]
    assert quotient["heaps"] == "all" and quotient["generators"] == [1, 2, 5]
    assert quotient["presentation"] == "<a, b, c | a^2 = 1, bc = ab, c^2 = b^2, b^3 = b>"


def test_a_quotient_that_keeps_growing_stops_at_its_cpu_budget(capsys):
    # 4.7 (Daisies): the quotient grows heap after heap (order 42 by heap 13, a minute)
    args = ["octal", "4.7", "--misere", "--upto", "3", "--quotient-budget", "1"]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "G-(0..2): " in out
    assert "misère quotient of all heaps: not certified within 1 s of CPU" in out
    assert "heap kinds added, order" in out and "--quotient-upto N" in out
    assert main([*args, "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert "quotient" not in report and "1 s of CPU" in report["quotient_error"]
    assert main(["octal", "4.7", "--misere", "--outcome", "20,30", "--quotient-budget", "1"]) == 2
    assert "was not certified within 1 s of CPU" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["octal", "0.75", "--misere", "--quotient-budget", "-1"])
    assert "seconds >= 0" in capsys.readouterr().err
