"""`RemotePlayer`: the server's side of one TCP client, as a `Player` a `Match` can drive.

The match calls the hooks in the server's message order (RULES.md §3.2), and each hook does
the socket work for its client:

==================  ============================================================
``start_game``      send the deal table
``exchange``        read the 2 (daifugo) or 1 (fugo) cards handed back
``on_turn``         send this client's hand table (every turn, whoever moves)
``play``            read the mover's submission (`table.read_submission`)
``observe``         to the mover: the ack (9 accepted or a pass on an empty field, else
                    8); to everybody: the field table, then 0 unless the game is over
``end_game``        1, or 2 after the last game
==================  ============================================================

A client that disconnects, sends garbage that breaks the framing, or exceeds the move timeout
is dropped: the error reaches the match once (it records a `~games.daihinmin.rules.match.Fault`),
then the player passes for the rest of the run and hands back its strongest cards.  (The C
server instead spins forever on the dead socket, RULES.md §12 item 12.)

>>> import socket
>>> from games.daihinmin.network.protocol import Connection
>>> a, b = socket.socketpair()
>>> RemotePlayer(Connection(a), 3, name="snowl")
<RemotePlayer 'snowl'>
"""

from __future__ import annotations

from pathlib import Path
from typing import IO

from games.daihinmin.network.protocol import Connection, ProtocolError
from games.daihinmin.network.table import (
    Table,
    TableError,
    deal_table,
    field_table,
    hand_table,
    read_exchange,
    read_submission,
)
from games.daihinmin.rules.engine import MoveResult, Rules
from games.daihinmin.rules.melds import PASS, Illegal, Kind, Meld
from games.daihinmin.rules.observation import Deal, Observation
from games.daihinmin.rules.player import Player, strongest_cards

__all__ = ["RemotePlayer", "Transcript"]

_DEVKIT_RULES = Rules()


class Transcript:
    """What one client received and sent, in the devkit's ``data/`` format: ``*_read.txt``
    (the player number, then per turn: a counter, the hand table, the field table) and
    ``*_write.txt`` (per own move: the counter, the table sent).  The counter is 1 + the
    number of own moves before this turn."""

    def __init__(self, directory: str | Path, stem: str, player: int) -> None:
        Path(directory).mkdir(parents=True, exist_ok=True)
        self.read: IO[str] = open(Path(directory) / f"{stem}_read.txt", "w")  # noqa: SIM115
        self.write: IO[str] = open(Path(directory) / f"{stem}_write.txt", "w")  # noqa: SIM115
        self.read.write(f"{player}\n")
        self.moves = 0

    @staticmethod
    def _lines(table: Table) -> str:
        return "".join(" ".join(map(str, row)) + "\n" for row in table)

    def turn(self, hand: Table, field: Table, submitted: Table | None) -> None:
        """One turn: the hand and field tables received, and the table sent if it was ours."""
        self.read.write(f"{self.moves + 1}\n{self._lines(hand)}{self._lines(field)}")
        if submitted is not None:
            self.moves += 1
            self.write.write(f"{self.moves}\n{self._lines(submitted)}")

    def close(self) -> None:
        self.read.close()
        self.write.close()


class RemotePlayer(Player):
    """Player `number` of a match, played by the client at the other end of `conn`.

    `move_timeout` bounds each read of a move or of exchange cards.  `rejected` counts the
    submissions the rules refused; `dropped` says why the client was dropped (None if not).
    """

    def __init__(
        self,
        conn: Connection,
        number: int,
        *,
        name: str = "remote",
        rules: Rules = _DEVKIT_RULES,
        move_timeout: float | None = None,
        transcript: Transcript | None = None,
    ) -> None:
        self.conn = conn
        self.number = number
        self.name = name
        self.rules = rules
        self.move_timeout = move_timeout
        self.transcript = transcript
        self.dropped: str | None = None
        self.invalid_exchanges = 0
        self._ranks: tuple[int, ...] | None = None
        self._before: Observation | None = None
        self._hand_table: Table | None = None
        self._submitted: Table | None = None
        self._meld: Meld | Illegal = PASS

    # --- the connection ---------------------------------------------------------------
    def _drop(self, error: ProtocolError) -> ProtocolError:
        self.dropped = str(error)
        self.conn.close()
        return error

    def _send_table(self, table: Table, step: str, hold: bool = False) -> None:
        if self.dropped is None:
            try:
                self.conn.write_table(table, step, clamp=True, hold=hold)
            except ProtocolError as exc:
                raise self._drop(exc) from None

    def _send_int(self, value: int, step: str, hold: bool = False) -> None:
        if self.dropped is None:
            try:
                self.conn.write_int(value, step, hold=hold)
            except ProtocolError as exc:
                raise self._drop(exc) from None

    def _read_table(self, step: str) -> Table:
        try:
            return self.conn.read_table(step, timeout=self.move_timeout)
        except ProtocolError as exc:
            if isinstance(exc.__cause__, TableError):
                raise  # a malformed protocol-20140 table: the framing holds, the move is void
            raise self._drop(exc) from None

    # --- hooks ------------------------------------------------------------------------
    def start_game(self, deal: Deal) -> None:
        self._ranks = deal.ranks
        self._send_table(deal_table(deal, exchange=self.rules.exchange), "its deal table")

    def exchange(self, deal: Deal) -> int:
        strongest = strongest_cards(deal.hand, deal.give)
        if self.dropped is not None:
            return strongest
        choice = read_exchange(self._read_table("its exchange cards"), deal.hand, deal.give)
        if choice is None:  # the server's rule: the giver's strongest cards
            self.invalid_exchanges += 1
            return strongest
        return choice

    def on_turn(self, obs: Observation) -> None:
        self._before = obs
        self._hand_table = hand_table(obs)
        self._submitted = None
        self._send_table(self._hand_table, "its hand table")

    def play(self, obs: Observation) -> Meld | Illegal:
        self._meld = PASS
        if self.dropped is not None:
            return PASS
        try:
            table = self._read_table(f"its move (game {obs.game})")
        except ProtocolError as exc:
            if self.dropped is not None:
                raise
            self._meld = Illegal(str(exc))
            return self._meld
        self._submitted = table
        self._meld = read_submission(table, obs.hand)
        return self._meld

    def observe(self, result: MoveResult) -> None:
        before = self._before
        if before is None:
            raise ProtocolError("observe() before on_turn(): not driven by a Match")
        if result.player == self.number:
            plain_pass = self._meld is PASS and before.field is None
            self._send_int(9 if result.accepted or plain_pass else 8, "its ack", hold=True)
        table = self._field_table(before, result)
        if self.transcript is not None and self._hand_table is not None:
            mine = result.player == self.number
            submitted = (self._submitted or [[0] * 15 for _ in range(8)]) if mine else None
            self.transcript.turn(self._hand_table, table, submitted)
        # held: sent with the next hand table (or the game-over flag) in one system call
        self._send_table(table, "the field table", hold=True)
        if not result.game_over:
            self._send_int(0, "the game-continues flag", hold=True)

    def _field_table(self, before: Observation, result: MoveResult) -> Table:
        """The field table after `result`: the state after the move, before any clearing."""
        counts = list(before.counts)
        revolution, lock = before.revolution, before.lock
        meld = result.meld
        if result.accepted:
            counts[result.player] -= meld.hand_cards.bit_count()
            if meld.kind == Kind.JOKER:
                lock = False
            else:
                if self.rules.revolution and meld.is_revolution:
                    revolution = not revolution
                field = before.field
                if field is not None and field.kind != Kind.JOKER and self.rules.lock:
                    lock = lock or field.suits == meld.suits
        return field_table(
            result.field,
            result.player,
            counts=counts,
            seats=before.seats,
            ranks=self._ranks,
            revolution=revolution,
            lock=lock,
        )

    def end_game(self, ranking: list[int], final: bool = False) -> None:
        self._send_int(2 if final else 1, "the game-over flag")
        if final and self.transcript is not None:
            self.transcript.close()

    def close(self) -> None:
        """Close the connection and the transcript."""
        self.conn.close()
        if self.transcript is not None and not self.transcript.read.closed:
            self.transcript.close()
