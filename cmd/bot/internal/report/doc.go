// Package report holds the reports users file on wrong answers and what
// becomes of them: the record the state store keeps (the question, its
// language, the index that answered it, the citations shown, what the
// reporter says is wrong and what answers instead, the reviewers'
// comments and decision), the cleaning of what users type into one, the
// normalized question that finds the confirmed reports of a question
// asked again, the refusals users are told in their language, and the
// evaluation cases confirmed reports become.
//
// It knows no transport and no backend: package chat files and reviews
// reports, package store keeps them.
package report
