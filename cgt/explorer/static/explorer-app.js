// The explorer as a web page: the core (explorer.js) talking to the server's JSON API.
import { mountExplorer } from "./explorer.js";
import { call } from "./page.js";

const transport = {
  rulesets: () => call("GET", "/api/rulesets"),
  analyse: (request) => call("POST", "/api/analyse", request),
  job: (id) => call("GET", `/api/jobs/${encodeURIComponent(id)}`),
  cancel: (id) => call("POST", `/api/jobs/${encodeURIComponent(id)}/cancel`),
  pollEvery: 200,
};

mountExplorer(document.getElementById("explorer"), transport, { useHash: true });
