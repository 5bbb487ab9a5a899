// The explorer as a web page: the core (explorer.js) talking to the server's JSON API.
import { mountExplorer } from "./explorer.js";

async function call(method, url, body) {
  const response = await fetch(url, {
    method,
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  let data;
  try {
    data = await response.json();
  } catch (e) {
    throw new Error(`the server answered ${response.status} without JSON`);
  }
  if (!response.ok) throw new Error(data.error || `the server answered ${response.status}`);
  return data;
}

const transport = {
  rulesets: () => call("GET", "/api/rulesets"),
  analyse: (request) => call("POST", "/api/analyse", request),
  job: (id) => call("GET", `/api/jobs/${encodeURIComponent(id)}`),
  cancel: (id) => call("POST", `/api/jobs/${encodeURIComponent(id)}/cancel`),
  pollEvery: 200,
};

mountExplorer(document.getElementById("explorer"), transport, { useHash: true });
