// Package web serves the bot's web pages: rules with their subrules,
// hyperlinked cross-references and glossary terms, the clarifications that
// cite them, cards' rulings, glossary entries, the differences between two
// releases of the Comprehensive Rules, and simulations step by step with
// a board picture per step, and the answer to a question (/ask) with a
// form that reports it when it is wrong (posted from this site only: the
// form stores what it is sent). Pages are in English, French or Japanese
// (?lang=, else the browser's languages), need no script and make no
// request elsewhere. The templates are embedded.
package web
