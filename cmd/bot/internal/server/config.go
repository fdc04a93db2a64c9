package server

import "time"

// Config is the configuration of the process.
type Config struct {
	// HTTPAddr is the listen address of the HTTP server ("": none).
	HTTPAddr string
	// Index is the index directory; "" serves the default index.
	Index string
	// ShutdownTimeout is how long a shutdown waits for in-flight requests
	// and deferred replies.
	ShutdownTimeout time.Duration
	// DrainDelay is how long, on shutdown, /readyz answers 503 while the
	// server still serves, before it closes its listener.
	DrainDelay time.Duration
	// ReloadInterval is how often the index directory is checked for a
	// new build (0: only on SIGHUP).
	ReloadInterval time.Duration
	// MaxRequestBytes bounds an HTTP request's body.
	MaxRequestBytes int64
	// MaxInFlight is how many HTTP requests are served at once before the
	// next are answered 503 (0: no limit).
	MaxInFlight int
	// EnvProblems lists settings from the environment that could not be
	// used; the server logs them at start.
	EnvProblems []string
}

// Defaults of the settings.
const (
	defaultShutdownTimeout = 10 * time.Second
	defaultReloadInterval  = 30 * time.Second
	defaultMaxRequestBytes = 1 << 20
	defaultMaxInFlight     = 256
)

// DefaultConfig is the configuration with every setting at its default.
func DefaultConfig() Config {
	return Config{
		ShutdownTimeout: defaultShutdownTimeout,
		ReloadInterval:  defaultReloadInterval,
		MaxRequestBytes: defaultMaxRequestBytes,
		MaxInFlight:     defaultMaxInFlight,
	}
}

// shutdownTimeout is ShutdownTimeout, or its default when not positive.
func (c Config) shutdownTimeout() time.Duration {
	if c.ShutdownTimeout <= 0 {
		return defaultShutdownTimeout
	}
	return c.ShutdownTimeout
}
