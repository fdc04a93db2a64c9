// Package web serves the bot's web pages: rules with their subrules,
// hyperlinked cross-references and glossary terms, the clarifications that
// cite them, cards' rulings, glossary entries, the differences between two
// releases of the Comprehensive Rules, and simulations step by step with
// a board picture per step. Pages are in English, French or Japanese
// (?lang=, else the browser's languages), need no script and make no
// request elsewhere. The templates are embedded.
package web
