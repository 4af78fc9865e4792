// JSON POST to our API with Django's CSRF header (token from the csrftoken cookie).

import {gettext, interpolate} from "./i18n.js";

export function csrfToken() {
  const cookie = document.cookie.split("; ").find((c) => c.startsWith("csrftoken="));
  if (cookie) return decodeURIComponent(cookie.slice("csrftoken=".length));
  return document.querySelector("[data-csrf]")?.dataset.csrf ?? "";
}

// Resolves to {ok, status, data}; data is the JSON body ({error, message} on a refusal).
export async function postJSON(url, body = {}) {
  let response;
  try {
    response = await fetch(url, {
      method: "POST",
      credentials: "same-origin",
      headers: {"Content-Type": "application/json", "X-CSRFToken": csrfToken()},
      body: JSON.stringify(body),
    });
  } catch {
    return {ok: false, status: 0, data: {message: gettext("The server could not be reached.")}};
  }
  let data = {};
  try {
    data = await response.json();
  } catch {
    data = {message: interpolate(gettext("The server answered %(status)s."), {status: response.status})};
  }
  return {ok: response.ok, status: response.status, data};
}
