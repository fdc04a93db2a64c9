package discord

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"

	"arbiter/cmd/bot/internal/chat"
)

// DefaultAttachmentHosts are the hosts Discord serves attachments from.
func DefaultAttachmentHosts() []string {
	return []string{"cdn.discordapp.com", "media.discordapp.net"}
}

// Fetcher reads the files attached to interactions (chat.Fetcher): over
// HTTPS, from Discord's attachment hosts only, within a time and a size
// limit. Anything else is refused before a byte is read.
type Fetcher struct {
	hosts   []string
	client  *http.Client
	timeout time.Duration
}

// NewFetcher returns the fetcher of cfg's attachment settings. client is
// the HTTP client it uses (nil: one of its own, which follows no redirect
// to another host).
func NewFetcher(cfg Config, client *http.Client) *Fetcher {
	f := &Fetcher{timeout: cfg.AttachmentTimeout}
	hosts := cfg.AttachmentHosts
	if len(hosts) == 0 {
		hosts = DefaultAttachmentHosts()
	}
	for _, h := range hosts {
		f.hosts = append(f.hosts, strings.ToLower(strings.TrimSpace(h)))
	}
	if f.timeout <= 0 {
		f.timeout = 5 * time.Second
	}
	if client == nil {
		client = &http.Client{}
	}
	c := *client
	c.CheckRedirect = func(r *http.Request, via []*http.Request) error {
		if len(via) >= 3 || !f.allowed(r.URL) {
			return fmt.Errorf("attachment redirected to %s: %w", r.URL.Host, chat.ErrAttachmentHost)
		}
		return nil
	}
	f.client = &c
	return f
}

// allowed tells whether u is an HTTPS URL on one of the attachment hosts
// (a host given with a port matches that port only).
func (f *Fetcher) allowed(u *url.URL) bool {
	if u == nil || u.Scheme != "https" || u.User != nil {
		return false
	}
	host := strings.ToLower(u.Host)
	return slices.Contains(f.hosts, host) || (u.Port() == "" && slices.Contains(f.hosts, strings.ToLower(u.Hostname())))
}

// Fetch reads the file of a, at most max bytes: a URL off the attachment
// hosts is refused (chat.ErrAttachmentHost), a larger file too
// (chat.ErrAttachmentSize), by its declared size first and then as it is
// read.
func (f *Fetcher) Fetch(ctx context.Context, a chat.Attachment, max int) ([]byte, error) {
	u, err := url.Parse(a.URL)
	if err != nil || !f.allowed(u) {
		return nil, fmt.Errorf("attachment %q: %w", a.URL, chat.ErrAttachmentHost)
	}
	if a.Size > max {
		return nil, fmt.Errorf("attachment of %d bytes: %w", a.Size, chat.ErrAttachmentSize)
	}
	ctx, cancel := context.WithTimeout(ctx, f.timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return nil, err
	}
	res, err := f.client.Do(req)
	if err != nil {
		return nil, fmt.Errorf("attachment: %w", err)
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("attachment: status %s", res.Status)
	}
	if res.ContentLength > int64(max) {
		return nil, fmt.Errorf("attachment of %d bytes: %w", res.ContentLength, chat.ErrAttachmentSize)
	}
	b, err := io.ReadAll(io.LimitReader(res.Body, int64(max)+1))
	if err != nil {
		return nil, fmt.Errorf("attachment: %w", err)
	}
	if len(b) > max {
		return nil, fmt.Errorf("attachment over %d bytes: %w", max, chat.ErrAttachmentSize)
	}
	return b, nil
}
