package main

import (
	"flag"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"arbiter/cmd/bot/internal/chat"
	"arbiter/cmd/bot/internal/discord"
	"arbiter/cmd/bot/internal/server"
	"arbiter/cmd/bot/internal/web"
)

// serveConfig is the configuration of "bot serve": every setting is a
// flag, and an environment variable where deploy/README.md lists one (the
// flag wins).
type serveConfig struct {
	server    server.Config
	source    sourceConfig
	logLevel  slog.Level
	publicURL string
	discord   discord.Config
	chat      chatConfig
	web       web.Config
	// trustedProxies and forwardedHeader say which reverse proxies name
	// the web pages' clients, and in which header.
	trustedProxies  string
	forwardedHeader string
}

// sourceConfig says where replicas fetch the index from: a bucket of
// published builds, instead of a shared --index volume.
type sourceConfig struct {
	url    string
	digest string
	cache  string
	poll   time.Duration
}

// chatConfig holds the settings of the chat router the Discord front end
// answers through.
type chatConfig struct {
	stateDir    string
	databaseURL string
	rateBurst   int
	ratePeriod  time.Duration
	replyCache  int
	// reviewerRole is the Discord role whose members review reports;
	// reportsChannel the moderators' channel new reports are posted to.
	reviewerRole   string
	reportsChannel string
	// mentionUserBurst and mentionChannelBurst are the messages naming
	// cards a user and a channel get answered in a burst, refilled over
	// mentionPeriod.
	mentionUserBurst    int
	mentionChannelBurst int
	mentionPeriod       time.Duration
}

// register adds the flags of "bot serve" to fs, with their values from
// the environment where it sets them.
func (c *serveConfig) register(fs *flag.FlagSet, getenv func(string) string) {
	def := server.DefaultConfig()
	fs.StringVar(&c.server.HTTPAddr, "http", "", "listen address of the HTTP server: Discord interactions, web pages, health and metrics (e.g. :8080)")
	fs.StringVar(&c.server.Index, "index", "", "index directory built by 'bot kb build' (default: the embedded corpus)")
	fs.StringVar(&c.publicURL, "public-url", "", "public base URL of the web pages, for links in replies")
	fs.StringVar(&c.source.url, "index-source", "", "bucket of published index builds to fetch from instead of --index: a directory, file:///DIR or s3://BUCKET/PREFIX?endpoint=HOST (see 'bot kb build --publish')")
	fs.StringVar(&c.source.digest, "index-digest", "latest", "build of --index-source to serve: latest (followed as it changes) or sha256:<hex>")
	fs.StringVar(&c.source.cache, "index-cache", filepath.Join(os.TempDir(), "arbiter-index-cache"), "local directory of the builds fetched from --index-source")
	fs.DurationVar(&c.source.poll, "index-poll", time.Minute, "how often to look for a newer build at --index-source (with --index-digest latest)")

	c.discord.PublicKey = getenv("DISCORD_PUBLIC_KEY")
	c.discord.Token = getenv("DISCORD_TOKEN")
	fs.IntVar(&c.discord.ShardID, "shard-id", envInt(getenv, "DISCORD_SHARD_ID", -1), "gateway shard of this process (0-based; default: every shard of the count)")
	fs.IntVar(&c.discord.ShardCount, "shard-count", envInt(getenv, "DISCORD_SHARD_COUNT", 0), "number of gateway shards (0: the count Discord recommends)")
	fs.StringVar(&c.chat.stateDir, "state", getenv("ARBITER_STATE"), "directory of the embedded state store (/language settings); with DATABASE_URL, only where an old language.jsonl is imported from (default: memory only)")
	c.chat.databaseURL = getenv("DATABASE_URL")
	fs.IntVar(&c.discord.Workers, "workers", 0, "interactions worked on at once; the others wait, their wait counted against Discord's 3 s (0: one per core)")
	fs.IntVar(&c.discord.MaxWaiting, "max-waiting", 10000, "interactions that may wait for a worker before the next is answered \"busy, try again\"")
	fs.DurationVar(&c.discord.DeferAfter, "discord-defer", 1500*time.Millisecond, "answer inline when ready within this of its arrival (its wait for a worker included), else defer and edit (Discord allows 3s)")
	fs.DurationVar(&c.discord.EditTimeout, "discord-edit-timeout", 10*time.Second, "timeout of each follow-up call to Discord's REST API")
	c.discord.AttachmentHosts = discord.DefaultAttachmentHosts()
	fs.Var((*hostList)(&c.discord.AttachmentHosts), "attachment-hosts", "comma-separated hosts (host or host:port, HTTPS) that files attached to /simulate are read from")
	fs.DurationVar(&c.discord.AttachmentTimeout, "attachment-timeout", 5*time.Second, "how long reading a file attached to /simulate may take")
	fs.IntVar(&c.chat.rateBurst, "rate-burst", 5, "interactions a user may send in a burst")
	fs.DurationVar(&c.chat.ratePeriod, "rate-period", 10*time.Second, "period in which a burst refills")
	fs.IntVar(&c.chat.replyCache, "reply-cache", 2048, "rendered replies kept per index, for repeated questions and buttons (0: none)")
	fs.StringVar(&c.chat.reviewerRole, "reviewer-role", "", "ID of the Discord role whose members review the reports of wrong answers (/reports and the moderators' buttons)")
	fs.StringVar(&c.chat.reportsChannel, "reports-channel", "", "ID of the Discord channel each new report is posted to, with buttons to confirm or reject it (needs DISCORD_TOKEN)")

	fs.BoolVar(&c.discord.Mentions, "mentions", true, "answer the cards named as [[name]] in messages (needs DISCORD_TOKEN and the Message Content Intent enabled in the developer portal)")
	fs.IntVar(&c.chat.mentionUserBurst, "mention-user-burst", chat.MentionUserBurst, "messages naming cards a user gets answered in a burst")
	fs.IntVar(&c.chat.mentionChannelBurst, "mention-channel-burst", chat.MentionChannelBurst, "messages naming cards a channel gets answered in a burst")
	fs.DurationVar(&c.chat.mentionPeriod, "mention-period", chat.MentionPeriod, "period in which the bursts of --mention-user-burst and --mention-channel-burst refill")

	fs.IntVar(&c.web.CacheSeconds, "web-cache", 300, "seconds browsers may cache the web pages (0: no caching)")
	fs.StringVar(&c.trustedProxies, "trusted-proxies", "", "comma-separated addresses or CIDR prefixes of the reverse proxies whose X-Forwarded-For (or Forwarded) header names the web pages' clients, for their rate limits (default: none, the connection's address is the client's)")
	fs.StringVar(&c.forwardedHeader, "forwarded-header", "X-Forwarded-For", "header the trusted proxies name the client in: X-Forwarded-For or Forwarded")

	fs.TextVar(&c.logLevel, "log-level", slog.LevelInfo, "log level: debug, info, warn or error (JSON logs on stderr)")
	fs.DurationVar(&c.server.ShutdownTimeout, "shutdown-timeout", def.ShutdownTimeout, "how long a shutdown waits for in-flight requests and deferred replies")
	fs.DurationVar(&c.server.DrainDelay, "drain-delay", 0, "on shutdown, how long /readyz answers 503 while still serving, before closing the listener (e.g. 5s behind a load balancer)")
	fs.DurationVar(&c.server.ReloadInterval, "reload-interval", def.ReloadInterval, "how often to check whether the --index directory changed (0: only on SIGHUP)")
	fs.Int64Var(&c.server.MaxRequestBytes, "max-request-bytes", def.MaxRequestBytes, "largest HTTP request body accepted")
	fs.IntVar(&c.server.MaxInFlight, "max-in-flight", def.MaxInFlight, "HTTP requests served at once before answering 503 (0: no limit)")
	for _, ef := range envFlags() {
		v := getenv(ef[0])
		f := fs.Lookup(ef[1])
		if v == "" || f == nil {
			continue
		}
		// A failed Set may leave a zero value behind: put the default back.
		def := f.Value.String()
		if err := fs.Set(ef[1], v); err != nil {
			f.Value.Set(def)
			c.server.EnvProblems = append(c.server.EnvProblems, fmt.Sprintf("%s=%q: %v; using --%s=%s", ef[0], v, err, ef[1], def))
		}
	}
}

// envFlags maps environment variables to the flags of "bot serve" they set
// when the command line does not.
func envFlags() [][2]string {
	return [][2]string{
		{"ARBITER_LOG_LEVEL", "log-level"},
		{"ARBITER_SHUTDOWN_TIMEOUT", "shutdown-timeout"},
		{"ARBITER_DRAIN_DELAY", "drain-delay"},
		{"ARBITER_RELOAD_INTERVAL", "reload-interval"},
		{"ARBITER_MAX_REQUEST_BYTES", "max-request-bytes"},
		{"ARBITER_MAX_IN_FLIGHT", "max-in-flight"},
		{"ARBITER_HTTP", "http"},
		{"ARBITER_INDEX", "index"},
		{"ARBITER_PUBLIC_URL", "public-url"},
		{"ARBITER_WORKERS", "workers"},
		{"ARBITER_INDEX_SOURCE", "index-source"},
		{"ARBITER_INDEX_DIGEST", "index-digest"},
		{"ARBITER_INDEX_CACHE", "index-cache"},
		{"ARBITER_INDEX_POLL", "index-poll"},
		{"ARBITER_MAX_WAITING", "max-waiting"},
		{"ARBITER_MENTIONS", "mentions"},
		{"ARBITER_MENTION_USER_BURST", "mention-user-burst"},
		{"ARBITER_MENTION_CHANNEL_BURST", "mention-channel-burst"},
		{"ARBITER_MENTION_PERIOD", "mention-period"},
		{"ARBITER_ATTACHMENT_HOSTS", "attachment-hosts"},
		{"ARBITER_ATTACHMENT_TIMEOUT", "attachment-timeout"},
		{"ARBITER_REVIEWER_ROLE", "reviewer-role"},
		{"ARBITER_REPORTS_CHANNEL", "reports-channel"},
		{"ARBITER_TRUSTED_PROXIES", "trusted-proxies"},
		{"ARBITER_FORWARDED_HEADER", "forwarded-header"},
	}
}

// envInt is the integer environment variable name, or def.
func envInt(getenv func(string) string, name string, def int) int {
	if n, err := strconv.Atoi(getenv(name)); err == nil {
		return n
	}
	return def
}

// hostList is a flag of comma-separated host names.
type hostList []string

// String joins the hosts.
func (h *hostList) String() string { return strings.Join(*h, ",") }

// Set replaces the hosts with those of a comma-separated list.
func (h *hostList) Set(v string) error {
	var out []string
	for _, s := range strings.Split(v, ",") {
		s = strings.ToLower(strings.TrimSpace(s))
		if s == "" {
			continue
		}
		if strings.ContainsAny(s, "/ @") {
			return fmt.Errorf("%q is not a host name", s)
		}
		out = append(out, s)
	}
	if len(out) == 0 {
		return fmt.Errorf("no host")
	}
	*h = out
	return nil
}
