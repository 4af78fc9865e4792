// What the Journey's characters say, in the page's language. The game keeps the original
// console's English lines (games/rules/journey_text.py: the seed's words, in the state and
// the transcripts); the page shows each one it knows in the reader's language (in English,
// the seed's words without its double spaces), and any other line as it is.

import {gettext, interpolate} from "../../js/i18n.js";

// [the console's words (a whole line, or what a speaker says after "M1: "), the reader's]
const SAID = [
  [/^Welcome to Kafustrok\. Light blesses you\. ?$/, () => gettext("Welcome to Kafustrok. Light blesses you.")],
  [/^Congratulations, all the monsters have been killed\.$/, () => gettext("Congratulations, all the monsters have been killed.")],
  [/^Unfortunately, the mission failed and all the warriors died\.$/, () => gettext("Unfortunately, the mission failed and all the warriors died.")],
  [
    /^I am the monster (\w+)\. {2}Here is my territory\. {2}My damage power is (-?\d+)\.$/,
    (m) => interpolate(gettext("I am the monster %(monster)s. Here is my territory. My damage power is %(power)s."), {monster: m[1], power: m[2]}),
  ],
  [/^Your health is (-?\d+)\.$/, (m) => interpolate(gettext("Your health is %(health)s."), {health: m[1]})],
  [/^Do you really want to challenge me\?$/, () => gettext("Do you really want to challenge me?")],
  [
    /^My name is (\w+)\. {2}Welcome to my home\. {2}My magic power is (-?\d+)\.$/,
    (m) => interpolate(gettext("My name is %(elf)s. Welcome to my home. My magic power is %(power)s."), {elf: m[1], power: m[2]}),
  ],
  [/^Your magic crystal is (-?\d+)\.$/, (m) => interpolate(gettext("Your magic crystal is %(crystals)s."), {crystals: m[1]})],
  [/^Do you need my help\?$/, () => gettext("Do you need my help?")],
  [
    /^Hi, bro\. You can call me (\w+)\. {2}I am very happy to meet you\. {2}I have (-?\d+) magic crystals\.$/,
    (m) => interpolate(gettext("Hi, bro. You can call me %(name)s. I am very happy to meet you. I have %(crystals)s magic crystals."), {name: m[1], crystals: m[2]}),
  ],
  [/^The number of your magic crystals is (-?\d+)\.$/, (m) => interpolate(gettext("The number of your magic crystals is %(crystals)s."), {crystals: m[1]})],
  [/^Need I share with you some magic crystals\?$/, () => gettext("Need I share with you some magic crystals?")],
  [/^Nice, I have killed the monster (\w+)\.$/, (m) => interpolate(gettext("Nice, I have killed the monster %(monster)s."), {monster: m[1]})],
  [/^Thanks for your help! (\w+)\.$/, (m) => interpolate(gettext("Thanks for your help! %(elf)s."), {elf: m[1]})],
  [/^Very embarrassing, I don't have enough crystals\.$/, () => gettext("Very embarrassing, I don't have enough crystals.")],
  [/^Very good, I got additional healing potion (\w+)\.$/, (m) => interpolate(gettext("Very good, I got additional healing potion %(potion)s."), {potion: m[1]})],
  [/^Thanks for your shared (-?\d+) crystals\.$/, (m) => interpolate(gettext("Thanks for your shared %(crystals)s crystals."), {crystals: m[1]})],
  [/^Sorry bro, I cannot share magic crystals with you\.$/, () => gettext("Sorry bro, I cannot share magic crystals with you.")],
];

/** ``text`` (a console line, or a speaker's words) in the page's language; as it is if unknown. */
export function spoken(text) {
  for (const [pattern, words] of SAID) {
    const found = pattern.exec(text);
    if (found) return words(found);
  }
  return text;
}
