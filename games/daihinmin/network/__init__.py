"""The UECda network side: the tournament's 8 x 15 tables and its TCP protocol, our server
(hosting the unchanged C clients or in-process players), our client (any Python player on a real
UECda server), the recording proxy that captures a C client's decisions, replay of recorded runs
against our rules, and the kit that builds and runs the C programs of ``../shared/uecda``.

Built on `games.daihinmin.rules` only: players reach the network through the `Player` protocol.
Modules: `table` (tables), `protocol` (connections), `remote` (a seat across the network),
`server`, `client`, `kit` (the C kit), `recording` (the proxy), `replay`.

>>> from games.daihinmin.network import run_server, run_client
>>> callable(run_server) and callable(run_client)
True
"""

from games.daihinmin.network.client import ClientResult, run_client
from games.daihinmin.network.kit import UecdaKit, UecdaKitError, build_kit
from games.daihinmin.network.protocol import Connection, ProtocolError, connect
from games.daihinmin.network.recording import RecordingError, read_record, record_run
from games.daihinmin.network.remote import RemotePlayer
from games.daihinmin.network.replay import ReplayError, replay_file, replay_run
from games.daihinmin.network.server import ServerError, run_server
from games.daihinmin.network.table import TableError

__all__ = [
    "ClientResult",
    "Connection",
    "ProtocolError",
    "RecordingError",
    "RemotePlayer",
    "ReplayError",
    "ServerError",
    "TableError",
    "UecdaKit",
    "UecdaKitError",
    "build_kit",
    "connect",
    "read_record",
    "record_run",
    "replay_file",
    "replay_run",
    "run_client",
    "run_server",
]
