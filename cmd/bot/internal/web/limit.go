package web

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"strconv"
	"strings"
	"time"

	"arbiter/cmd/bot/internal/report"
	"arbiter/i18n"
)

// Limiter is a per-key rate limit (a *chat.RateLimiter: the buckets the
// replicas share).
type Limiter interface {
	// Allow spends a token of key's bucket; when there is none it returns
	// false and how long until there is one.
	Allow(ctx context.Context, key string) (bool, time.Duration)
}

// Limits are the rate limits of the web pages that work on what a client
// sends (a question, a scenario): each client address has the limit each
// Discord user has, and each network (IPv4 /24, IPv6 /48) a larger one,
// so that a client holding many addresses gains little. nil limits
// nothing.
type Limits struct {
	Client  Limiter
	Network Limiter
	// Reports bounds the reports filed from one network; the reports of
	// one client have the limit every reporter has.
	Reports Limiter
}

// Proxies are the reverse proxies trusted to say who their client is:
// only a request that comes from one of them has its client read from
// the header they set, X-Forwarded-For or Forwarded (RFC 7239), from the
// right, past the trusted proxies. Anything else is the address the
// connection comes from: a client cannot choose its own address.
type Proxies struct {
	nets      []netip.Prefix
	forwarded bool // read Forwarded, not X-Forwarded-For
}

// ParseProxies reads a comma-separated list of addresses and CIDR
// prefixes, and the header the proxies set ("X-Forwarded-For", the
// default, or "Forwarded").
func ParseProxies(list, header string) (*Proxies, error) {
	p := &Proxies{}
	switch strings.ToLower(strings.TrimSpace(header)) {
	case "", "x-forwarded-for":
	case "forwarded":
		p.forwarded = true
	default:
		return nil, fmt.Errorf("web: forwarded header %q is neither X-Forwarded-For nor Forwarded", header)
	}
	for _, s := range strings.Split(list, ",") {
		s = strings.TrimSpace(s)
		if s == "" {
			continue
		}
		if !strings.Contains(s, "/") {
			a, err := netip.ParseAddr(s)
			if err != nil {
				return nil, fmt.Errorf("web: trusted proxy %q is not an address or a CIDR prefix", s)
			}
			a = a.Unmap()
			p.nets = append(p.nets, netip.PrefixFrom(a, a.BitLen()))
			continue
		}
		n, err := netip.ParsePrefix(s)
		if err != nil {
			return nil, fmt.Errorf("web: trusted proxy %q is not an address or a CIDR prefix", s)
		}
		if n.Addr().Is4In6() {
			n = netip.PrefixFrom(n.Addr().Unmap(), n.Bits()-96)
		}
		p.nets = append(p.nets, n.Masked())
	}
	return p, nil
}

// String lists the trusted proxies.
func (p *Proxies) String() string {
	if p == nil || len(p.nets) == 0 {
		return "none"
	}
	var out []string
	for _, n := range p.nets {
		out = append(out, n.String())
	}
	return strings.Join(out, ",")
}

// trusted tells whether a is a trusted proxy.
func (p *Proxies) trusted(a netip.Addr) bool {
	if p == nil {
		return false
	}
	for _, n := range p.nets {
		if n.Contains(a) {
			return true
		}
	}
	return false
}

// Client is the address of the client that sent r: the connection's
// peer, or, when the peer is a trusted proxy, the rightmost address of
// the proxies' header that is not a trusted proxy (the leftmost when all
// are). An address that cannot be read ends the walk where it is.
func (p *Proxies) Client(r *http.Request) netip.Addr {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	client, err := netip.ParseAddr(host)
	if err != nil {
		return netip.Addr{}
	}
	client = client.Unmap()
	if !p.trusted(client) {
		return client
	}
	hops := p.hops(r.Header)
	for i := len(hops) - 1; i >= 0 && p.trusted(client); i-- {
		a, err := parseHop(hops[i])
		if err != nil {
			break
		}
		client = a
	}
	return client
}

// hops are the addresses the proxies' header lists, client first, over
// every line of it.
func (p *Proxies) hops(h http.Header) []string {
	var out []string
	if !p.forwarded {
		for _, line := range h.Values("X-Forwarded-For") {
			for _, f := range strings.Split(line, ",") {
				out = append(out, strings.TrimSpace(f))
			}
		}
		return out
	}
	for _, line := range h.Values("Forwarded") {
		for _, elem := range strings.Split(line, ",") {
			for _, pair := range strings.Split(elem, ";") {
				k, v, ok := strings.Cut(strings.TrimSpace(pair), "=")
				if ok && strings.EqualFold(k, "for") {
					out = append(out, strings.Trim(v, `"`))
				}
			}
		}
	}
	return out
}

// parseHop reads one address of a header: 192.0.2.1, 192.0.2.1:80,
// [2001:db8::1] or [2001:db8::1]:80.
func parseHop(s string) (netip.Addr, error) {
	if ap, err := netip.ParseAddrPort(s); err == nil {
		return ap.Addr().Unmap(), nil
	}
	a, err := netip.ParseAddr(strings.TrimSuffix(strings.TrimPrefix(s, "["), "]"))
	if err != nil {
		return netip.Addr{}, err
	}
	return a.Unmap(), nil
}

// clientKeys are the rate-limit keys of a client address: itself, and
// its network (IPv4 /24, IPv6 /48). An IPv6 client is keyed by its /64,
// which one host usually holds whole.
func clientKeys(a netip.Addr) (client, network string) {
	if !a.IsValid() {
		return "unknown", "unknown"
	}
	if a.Is4() {
		n, _ := a.Prefix(24)
		return a.String(), n.String()
	}
	c, _ := a.Prefix(64)
	n, _ := a.Prefix(48)
	return c.String(), n.String()
}

// allow spends a token of the client's and of its network's buckets for
// a request; when either is empty it returns false and how long to wait.
func (w *Pages) allow(r *http.Request) (bool, time.Duration) {
	client, network := clientKeys(w.cfg.Proxies.Client(r))
	for _, c := range []struct {
		l   Limiter
		key string
	}{{w.cfg.Limits.Client, client}, {w.cfg.Limits.Network, network}} {
		if c.l == nil {
			continue
		}
		if ok, wait := c.l.Allow(r.Context(), c.key); !ok {
			return false, wait
		}
	}
	return true, 0
}

// limited refuses a request over the client's rate limit with 429, a
// Retry-After and a message in the page's language; html tells whether
// the answer is an HTML page (else plain text, for a picture).
func (w *Pages) limited(h http.Handler, html bool) http.Handler {
	return http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		ok, wait := w.allow(r)
		if ok {
			h.ServeHTTP(rw, r)
			return
		}
		secs := max(1, int((wait+time.Second-1)/time.Second))
		rw.Header().Set("Retry-After", strconv.Itoa(secs))
		if !html {
			setHeaders(rw.Header(), 0)
			http.Error(rw, w.cat.Printer(w.pageLang(r)).T(i18n.KeyWebErrRateLimited, secs), http.StatusTooManyRequests)
			return
		}
		w.handle(func(r *http.Request, ix Index, pg *page) (string, error) {
			return "", &webError{Status: http.StatusTooManyRequests, Key: i18n.KeyWebErrRateLimited, Args: []any{secs}}
		}).ServeHTTP(rw, r)
	})
}

// allowReport spends a token of the bucket of reports of r's client's
// network; when there is none it returns the refusal to show.
func (w *Pages) allowReport(r *http.Request) error {
	if w.cfg.Limits.Reports == nil {
		return nil
	}
	_, network := clientKeys(w.cfg.Proxies.Client(r))
	if ok, wait := w.cfg.Limits.Reports.Allow(r.Context(), network); !ok {
		return report.Refuse(i18n.KeyReportErrRateLimited, max(1, int((wait+time.Minute-1)/time.Minute)))
	}
	return nil
}

// limitedIf is limited for the requests only that cond selects (a page
// that works on what the client sends only with some parameters).
func (w *Pages) limitedIf(h http.Handler, cond func(*http.Request) bool) http.Handler {
	l := w.limited(h, true)
	return http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		if cond(r) {
			l.ServeHTTP(rw, r)
			return
		}
		h.ServeHTTP(rw, r)
	})
}
