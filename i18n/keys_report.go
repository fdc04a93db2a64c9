package i18n

// Keys of the report domain: reports of wrong answers, filed from
// Discord, the console, the command line and the web pages, and their
// review. Report numbers are passed as strings ("#42").
const (
	KeyReportButton            Key = "report.button"               // the answer's "Report" button
	KeyReportFormTitle         Key = "report.form.title"           // title of the report form
	KeyReportFormWrong         Key = "report.form.wrong"           // label of "what is wrong"
	KeyReportFormWrongHint     Key = "report.form.wrong_hint"      // its placeholder
	KeyReportFormSuggest       Key = "report.form.suggest"         // label of "what answers"
	KeyReportFormSuggestHint   Key = "report.form.suggest_hint"    // its placeholder
	KeyReportFiled             Key = "report.filed"                // %[1]s report number
	KeyReportErrEmpty          Key = "report.err.empty"            // nothing said of what is wrong
	KeyReportErrTooLong        Key = "report.err.too_long"         // %[1]d most characters
	KeyReportErrRateLimited    Key = "report.err.rate_limited"     // %[1]d minutes to wait
	KeyReportErrNotKept        Key = "report.err.not_kept"         // no store for reports
	KeyReportErrStoreDown      Key = "report.err.store_down"       // the store is out of reach
	KeyReportErrNotReviewer    Key = "report.err.not_reviewer"     // the user may not review
	KeyReportErrUnknown        Key = "report.err.unknown"          // %[1]s report number
	KeyReportErrBadNumber      Key = "report.err.bad_number"       // %[1]s what was typed
	KeyReportErrNeedNumber     Key = "report.err.need_number"      // no report number given
	KeyReportErrNeedText       Key = "report.err.need_text"        // no comment given
	KeyReportErrNeedExpected   Key = "report.err.need_expected"    // %[1]s report number; no answer named
	KeyReportErrUnresolved     Key = "report.err.unresolved"       // %[1]s what was named
	KeyReportErrFuzzyCard      Key = "report.err.fuzzy_card"       // %[1]s what was named, %[2]s the closest card
	KeyReportListTitle         Key = "report.list.title"           // %[1]d how many, %[2]s status name
	KeyReportListNone          Key = "report.list.none"            // %[1]s status name
	KeyReportListLine          Key = "report.list.line"            // %[1]s number, %[2]s language, %[3]s date, %[4]s question
	KeyReportShowTitle         Key = "report.show.title"           // %[1]s number, %[2]s status name
	KeyReportStatusOpen        Key = "report.status.open"          // status name
	KeyReportStatusConfirmed   Key = "report.status.confirmed"     // status name
	KeyReportStatusRejected    Key = "report.status.rejected"      // status name
	KeyReportFieldLang         Key = "report.field.lang"           // field name
	KeyReportFieldIndex        Key = "report.field.index"          // field name
	KeyReportIndexEmbedded     Key = "report.index.embedded"       // the embedded corpus
	KeyReportIndexBuild        Key = "report.index.build"          // %[1]s CR release, %[2]s build time
	KeyReportFieldShown        Key = "report.field.shown"          // field name
	KeyReportShownNone         Key = "report.shown.none"           // no citation was shown
	KeyReportFieldWrong        Key = "report.field.wrong"          // field name
	KeyReportFieldSuggestion   Key = "report.field.suggestion"     // field name
	KeyReportFieldFiled        Key = "report.field.filed"          // field name
	KeyReportFiledBy           Key = "report.filed_by"             // %[1]s who, %[2]s date, %[3]s where (source)
	KeyReportFieldComments     Key = "report.field.comments"       // field name
	KeyReportCommentLine       Key = "report.comment.line"         // %[1]s author, %[2]s date, %[3]s text
	KeyReportFieldDecision     Key = "report.field.decision"       // field name
	KeyReportDecisionConfirmed Key = "report.decision.confirmed"   // %[1]s reviewer, %[2]s date, %[3]s what answers
	KeyReportDecisionRejected  Key = "report.decision.rejected"    // %[1]s reviewer, %[2]s date
	KeyReportDecisionNote      Key = "report.decision.note"        // %[1]s the reviewer's note
	KeyReportButtonConfirm     Key = "report.button.confirm"       // button
	KeyReportButtonReject      Key = "report.button.reject"        // button
	KeyReportReviewTitle       Key = "report.review.title"         // %[1]s report number
	KeyReportReviewExpected    Key = "report.review.expected"      // label
	KeyReportReviewExpectHint  Key = "report.review.expected_hint" // placeholder
	KeyReportReviewNote        Key = "report.review.note"          // label
	KeyReportConfirmed         Key = "report.confirmed"            // %[1]s number, %[2]s what answers, %[3]s its IDs
	KeyReportRejected          Key = "report.rejected"             // %[1]s number
	KeyReportCommented         Key = "report.commented"            // %[1]s number
	KeyReportChannelNew        Key = "report.channel.new"          // %[1]s number
	KeyReportCorrected         Key = "report.corrected"            // %[1]s number
	KeyReportExported          Key = "report.exported"             // %[1]d cases, %[2]s file, %[3]d new ones
	KeyReportExportedNone      Key = "report.exported_none"        // no confirmed report
	KeyReportStateBusy         Key = "report.state_busy"           // %[1]s the state file
)
