"""The pages and the JSON API of ``docs/protocol.md``: thin views over the match services
and selectors."""
