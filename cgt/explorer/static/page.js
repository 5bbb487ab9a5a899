// What every page of cgt needs (the explorer, the games' pages such as the Daihinmin table):
// building HTML and SVG elements, and calling the server's JSON API.  Served at /cgt/page.js
// by cgt/explorer/web.py; the Jupyter widget inlines it before explorer.js.

const SVG_NS = "http://www.w3.org/2000/svg";

// An HTML element: attributes (class, on<event> handlers, true for a bare attribute; null,
// undefined and false are left out) and children (nodes, or anything else as text).
export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

// An SVG element: attributes, and children (nodes, or text; null, undefined, false and ""
// are left out).
export function s(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false || child === "") continue;
    node.append(child instanceof Node ? child : String(child));
  }
  return node;
}

// The server's JSON answer to METHOD url (with a JSON body if given); an error answer
// {"error": ...} becomes an Error with its message.
export async function call(method, url, body) {
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
