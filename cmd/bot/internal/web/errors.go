package web

import (
	"fmt"
	"net/http"

	"arbiter/i18n"
)

// webError is a page-level failure: an HTTP status and a localized message.
type webError struct {
	Status int
	Key    i18n.Key
	Args   []any
	err    error // the cause, for the log
}

// Error returns the key and the cause, for logs.
func (e *webError) Error() string {
	if e.err != nil {
		return fmt.Sprintf("web: %s: %v", e.Key, e.err)
	}
	return fmt.Sprintf("web: %s %v", e.Key, e.Args)
}

// Unwrap returns the cause.
func (e *webError) Unwrap() error { return e.err }

// notFound is a 404 with its message.
func notFound(key i18n.Key, args ...any) error {
	return &webError{Status: http.StatusNotFound, Key: key, Args: args}
}

// badRequest is a 400 with its message.
func badRequest(key i18n.Key, args ...any) error {
	return &webError{Status: http.StatusBadRequest, Key: key, Args: args}
}

// internalError is a 500 whose cause goes to the log only.
func internalError(err error) error {
	return &webError{Status: http.StatusInternalServerError, Key: i18n.KeyWebErrInternal, err: err}
}

// errorData is the content of the error page.
type errorData struct {
	Message string
	Links   []navLink
}

// errorPage fills pg with the error page of err and returns its template.
func (w *Pages) errorPage(r *http.Request, pg *page, err error) string {
	we, ok := err.(*webError)
	if !ok {
		we = &webError{Status: http.StatusInternalServerError, Key: i18n.KeyWebErrInternal, err: err}
	}
	if we.Status >= 500 {
		w.log.Error("web page", "path", r.URL.Path, "err", err)
	}
	pg.Status = we.Status
	pg.Title = pg.p.T(i18n.KeyWebErrTitle)
	if we.Status == http.StatusNotFound {
		pg.Title = pg.p.T(i18n.KeyWebErrNotFoundTitle)
	}
	pg.Data = errorData{Message: pg.p.T(we.Key, we.Args...), Links: []navLink{
		{pg.Href("/rules/"), pg.p.T(i18n.KeyWebNavRules)},
		{pg.Href("/sim/"), pg.p.T(i18n.KeyWebNavSims)},
	}}
	return "error"
}
