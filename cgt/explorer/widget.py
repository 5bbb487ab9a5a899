"""The explorer in Jupyter: `Explorer`, an anywidget with the web page's own script.

``Explorer("{2|-1}")``, ``Explorer("..|..", game="domineering")`` or ``Explorer(position)``
for any position object (a class defined in the notebook included): the last cell's value shows
the explorer; clicking options, the progress bar and Cancel work as on the page.  The script
(``static/explorer.js``) talks to the kernel with the widget's custom messages instead of
HTTP; the computations run in a worker process forked from the kernel (so that it knows the
notebook's classes), with the same bounds as ``cgt explore``.

Needs ``anywidget`` (``pip install 'cgt-games[jupyter]'``).
"""

from __future__ import annotations

import sys
from typing import Any

import anywidget
import traitlets

from cgt.core.errors import CGTError
from cgt.explorer.jobs import DEFAULT_MEMORY_LIMIT, DEFAULT_TIME_LIMIT, Analyst
from cgt.explorer.server import ruleset_list, static_dir

__all__ = ["Explorer"]

_GLUE = """
export default {
  render({ model, el }) {
    let next = 0;
    const waiting = new Map();
    const onMessage = (message) => {
      if (!message || message.reply === undefined || !waiting.has(message.reply)) return;
      const [resolve, reject] = waiting.get(message.reply);
      waiting.delete(message.reply);
      if (message.ok) resolve(message.data);
      else reject(new Error(message.error));
    };
    model.on("msg:custom", onMessage);
    const call = (name, args = {}) =>
      new Promise((resolve, reject) => {
        next += 1;
        waiting.set(next, [resolve, reject]);
        model.send({ request: next, call: name, args });
      });
    const transport = {
      rulesets: () => call("rulesets"),
      analyse: (request) => call("analyse", request),
      job: (id) => call("job", { id }),
      cancel: (id) => call("cancel", { id }),
      pollEvery: 250,
    };
    mountExplorer(el, transport, {
      game: model.get("game"),
      position: model.get("position"),
      fixedRoot: model.get("fixed"),
    });
    return () => model.off("msg:custom", onMessage);
  },
};
"""


def _script() -> str:
    """One module: the shared ``page.js``, then ``explorer.js`` (without its import of it)."""
    page = (static_dir() / "page.js").read_text(encoding="utf-8")
    explorer = (static_dir() / "explorer.js").read_text(encoding="utf-8")
    line = 'import { h, s } from "./page.js";\n'
    assert line in explorer, "explorer.js imports page.js in one line that the widget inlines"
    explorer = explorer.replace(line, "", 1)
    return page + explorer + _GLUE


class Explorer(anywidget.AnyWidget):
    """The game explorer as a Jupyter widget (see the module).

    >>> w = Explorer("{0, * | 1}")
    >>> reply = w.handle({"request": 1, "call": "analyse", "args": {"position": "{0, * | 1}"}})
    >>> job = w.analyst.wait(reply["data"]["id"], timeout=60).to_json()
    >>> job["result"]["value"], [o["reversible_through"] for o in job["result"]["left"]]
    ('1/2', [None, '0'])
    >>> w.close()
    """

    _esm = traitlets.Unicode(_script()).tag(sync=True)
    _css = traitlets.Unicode((static_dir() / "explorer.css").read_text(encoding="utf-8")).tag(
        sync=True
    )
    game = traitlets.Unicode("").tag(sync=True)
    position = traitlets.Unicode("").tag(sync=True)
    fixed = traitlets.Bool(False).tag(sync=True)

    def __init__(
        self,
        position: Any = "",
        game: str | None = None,
        *,
        time_limit: float | None = DEFAULT_TIME_LIMIT,
        memory_limit: int | None = DEFAULT_MEMORY_LIMIT,
        **kwargs: Any,
    ) -> None:
        text = isinstance(position, str)
        super().__init__(
            game=(game or "").strip().casefold(),
            position=position if text else str(position),
            fixed=not text,
            **kwargs,
        )
        method = "fork" if sys.platform != "win32" else "spawn"
        self.analyst = Analyst(
            time_limit=time_limit,
            memory_limit=memory_limit,
            start_method=method,
            root=None if text else position,
        )
        self.on_msg(self._on_message)

    def _on_message(self, widget: Any, content: Any, buffers: Any) -> None:
        self.send(self.handle(content))

    def handle(self, content: Any) -> dict[str, Any]:
        """The answer to one request of the script: ``{"request": N, "call": NAME, "args":
        {...}}`` -> ``{"reply": N, "ok": true, "data": ...}`` (or ``"ok": false, "error"``)."""
        request = content.get("request") if isinstance(content, dict) else None
        try:
            if not isinstance(content, dict):
                raise CGTError("a request is an object {request, call, args}")
            call, args = content.get("call"), content.get("args") or {}
            if call == "rulesets":
                data: Any = ruleset_list()
            elif call == "analyse":
                path = args.get("path") or ()
                if self.fixed:
                    job = self.analyst.submit(None, "", path, on_root=True)
                else:
                    job = self.analyst.submit(args.get("game"), args.get("position"), path)
                data = job.to_json()
            elif call == "job":
                data = self.analyst.job(str(args.get("id"))).to_json()
            elif call == "cancel":
                data = self.analyst.cancel(str(args.get("id"))).to_json()
            else:
                raise CGTError(f"unknown call {call!r}")
        except CGTError as error:
            return {"reply": request, "ok": False, "error": str(error)}
        return {"reply": request, "ok": True, "data": data}

    def close(self) -> None:
        """Close the widget and stop its worker."""
        self.analyst.close()
        super().close()
