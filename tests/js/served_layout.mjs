// A game's renderer imports as it is served: games/catalog/<slug>/static/render.js is
// /static/games/<slug>/render.js, and its "../../js/match_info.js" is /static/js/. This
// module makes Node resolve those imports in the repository's layout (served_hooks.mjs);
// import it first, then import() the renderers.
import {register} from "node:module";

register("./served_hooks.mjs", import.meta.url);
