// The computer's levels in the page's language. A state names a computer seat by its level's
// code (`players[].computer`: "random", "greedy", "medium", "strong", "expert"; the kits'
// Level names): the match page's players list and move list word it with these.

import {gettext} from "./i18n.js";

const WORDS = {
  random: gettext("random"),
  greedy: gettext("greedy"),
  medium: gettext("medium"),
  strong: gettext("strong"),
  expert: gettext("expert"),
};

/** "strong" for the level `strong`, in the page's language (an unknown level as it is). */
export const levelWord = (level) => WORDS[level] ?? level;

/** The same word starting with a capital: "Strong". */
export const levelName = (level) => {
  const word = levelWord(level);
  return word[0].toUpperCase() + word.slice(1);
};
