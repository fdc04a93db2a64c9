// Package chat answers the bot's chat commands. One router of our own
// maps a command to its reply over plain request and response types, so
// that Discord's HTTP interactions endpoint, its gateway and the console
// share it (disgo's handler/router.go has the shape). The package holds
// the command table and the replies, autocomplete, the cache of rendered
// replies, the per-user rate limit, the store of /language settings, and
// the reports of wrong answers: filed from an answer's button, /report or
// any other front end (FileReport), reviewed with /reports and the
// moderators' buttons, and the answers they corrected marked so.
//
// It knows neither discordgo nor net/http: a transport turns what it
// receives into a Request, calls Router.Serve and delivers the Response.
// Replies are written in Discord's markdown and within its message limits
// (FitLimits), which the console reads as well.
package chat
