// Journey's small inline pictures (monsters, elves, warriors, potions, the heart and the
// crystal of the warriors' list) as SVG elements, and the colour each seat's warrior wears.

// Small inline pictures (viewBox 0 0 24 24); warriors take their seat's colour.
const ICONS = {
  M: `<path d="M5.2 9.5 3 2.5l6.2 3.6z" fill="#6b1a24"/><path d="M18.8 9.5 21 2.5l-6.2 3.6z" fill="#6b1a24"/>
      <path d="M4 12.5C4 8 7.6 5 12 5s8 3 8 7.5V17c0 2.2-1.8 4-4 4H8c-2.2 0-4-1.8-4-4z" fill="#c92a2a" stroke="#6b1a24" stroke-width=".8"/>
      <path d="M6.8 9.6 10.8 11M17.2 9.6 13.2 11" stroke="#3b0d12" stroke-width="1.2" stroke-linecap="round"/>
      <circle cx="9" cy="12.4" r="1.8" fill="#fff3bf"/><circle cx="15" cy="12.4" r="1.8" fill="#fff3bf"/>
      <circle cx="9.3" cy="12.7" r=".9" fill="#111"/><circle cx="14.7" cy="12.7" r=".9" fill="#111"/>
      <path d="M7.5 15.6h9v.9c0 1.4-1.1 2.3-2.4 2.3H9.9c-1.3 0-2.4-.9-2.4-2.3z" fill="#3b0d12"/>
      <path d="M8.6 15.6l.9 1.5.9-1.5zm4.9 0 .9 1.5.9-1.5z" fill="#fff"/>`,
  E: `<path d="M2.5 9.5 7.6 12.6 7.4 15z" fill="#f0c9a0" stroke="#b9855a" stroke-width=".5"/>
      <path d="M21.5 9.5 16.4 12.6 16.6 15z" fill="#f0c9a0" stroke="#b9855a" stroke-width=".5"/>
      <ellipse cx="12" cy="14.4" rx="5.2" ry="6" fill="#f6d5b5" stroke="#b9855a" stroke-width=".5"/>
      <path d="M12 .8 5.6 10.6h12.8z" fill="#2b8a3e"/><rect x="5.2" y="9.4" width="13.6" height="2.2" rx="1.1" fill="#1e6b30"/>
      <circle cx="12" cy="1.4" r="1.3" fill="#fcc419"/>
      <circle cx="10" cy="14.2" r=".9" fill="#1c2b4a"/><circle cx="14" cy="14.2" r=".9" fill="#1c2b4a"/>
      <path d="M10.2 17.3q1.8 1.3 3.6 0" stroke="#a0522d" stroke-width=".9" fill="none" stroke-linecap="round"/>`,
  W: `<path d="M12 1.8 20 4.8v6.1c0 5.1-3.4 9-8 11.3-4.6-2.3-8-6.2-8-11.3V4.8z" fill="var(--jy-seat, #2563eb)" stroke="rgb(0 0 0 / 45%)" stroke-width=".9"/>
      <path d="M12 4.6 13.2 6.4v7.4h-2.4V6.4z" fill="#f8f9fa"/><rect x="8.4" y="13.8" width="7.2" height="1.7" rx=".85" fill="#fcc419"/>
      <rect x="11.2" y="15.5" width="1.6" height="3.2" rx=".5" fill="#fcc419"/>`,
  P: `<rect x="9.6" y="1.6" width="4.8" height="3.2" rx="1" fill="#8d5a2b"/>
      <path d="M10.2 4.8h3.6v3.6a7 7 0 1 1-3.6 0z" fill="#f1f6fa" stroke="#5b7083" stroke-width=".9"/>
      <path d="M5.9 15.2a6.1 6.1 0 0 0 12.2 0z" fill="#e64980"/>
      <circle cx="10" cy="17.2" r="1" fill="#fff" opacity=".7"/><circle cx="13.4" cy="18.6" r=".7" fill="#fff" opacity=".6"/>`,
  heart: `<path d="M12 21s-8.5-5.3-8.5-11.2A4.6 4.6 0 0 1 12 7.2a4.6 4.6 0 0 1 8.5 2.6C20.5 15.7 12 21 12 21z" fill="#e03131"/>`,
  crystal: `<path d="M12 2 19 9 12 22 5 9z" fill="#3bc9db" stroke="#0b7285" stroke-width=".9" stroke-linejoin="round"/>
      <path d="M5 9h14M9 9l3-7 3 7-3 13z" fill="none" stroke="#0b7285" stroke-width=".7" stroke-linejoin="round"/>`,
};

// Dark enough for a white label on them (4.5:1 at least).
const SEAT_COLOURS = ["#1971c2", "#c94a0c", "#7048e8", "#087f5b"];

export function seatColour(seat) {
  return SEAT_COLOURS[seat % SEAT_COLOURS.length] ?? SEAT_COLOURS[0];
}

export function icon(name, className) {
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  svg.setAttribute("class", className);
  svg.innerHTML = ICONS[name] ?? "";
  return svg;
}
