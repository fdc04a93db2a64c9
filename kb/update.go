package kb

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// Upstream locations of the official data.
const (
	DefaultScryfallAPI = "https://api.scryfall.com"
	DefaultRulesPage   = "https://magic.wizards.com/en/rules"
)

// UpdateConfig says where "kb update" downloads from.
type UpdateConfig struct {
	ScryfallAPI string // base URL of the Scryfall API (its /bulk-data lists the bulk files)
	RulesPage   string // the WotC page that links the current Comprehensive Rules text
	CardsType   string // Scryfall bulk type for cards: all_cards (every language) or oracle_cards
	UserAgent   string
	// MaxBytes bounds each download (0: 4 GiB).
	MaxBytes int64
}

// Downloaded lists the files an update fetched, in a temporary folder the
// caller removes.
type Downloaded struct {
	Dir     string
	CR      string
	CRURL   string
	Rulings string
	Cards   string
}

// bulkList is the answer of Scryfall's /bulk-data.
type bulkList struct {
	Data []struct {
		Type        string `json:"type"`
		DownloadURI string `json:"download_uri"`
		UpdatedAt   string `json:"updated_at"`
	} `json:"data"`
}

var crLinkRE = regexp.MustCompile(`https?://[^"'\s<>]*MagicCompRules[^"'\s<>]*\.txt`)

// Download fetches the current Comprehensive Rules text, Scryfall's bulk
// rulings and Scryfall's bulk cards into a new folder under tmpDir. On error
// nothing is left behind.
func Download(ctx context.Context, client *http.Client, cfg UpdateConfig, tmpDir string) (*Downloaded, error) {
	if cfg.ScryfallAPI == "" {
		cfg.ScryfallAPI = DefaultScryfallAPI
	}
	if cfg.RulesPage == "" {
		cfg.RulesPage = DefaultRulesPage
	}
	if cfg.CardsType == "" {
		cfg.CardsType = "all_cards"
	}
	if cfg.MaxBytes == 0 {
		cfg.MaxBytes = 4 << 30
	}
	cleanDownloads(tmpDir, 2*time.Hour)
	dir, err := os.MkdirTemp(tmpDir, "arbiter-update-*")
	if err != nil {
		return nil, fmt.Errorf("kb: update: %w", err)
	}
	ok := false
	defer func() {
		if !ok {
			os.RemoveAll(dir)
		}
	}()
	d := &Downloaded{Dir: dir}
	if err := os.WriteFile(filepath.Join(dir, "pid"), []byte(strconv.Itoa(os.Getpid())), 0o644); err != nil {
		return nil, fmt.Errorf("kb: update: %w", err)
	}

	// The rules page links the current text file.
	page, err := fetchBytes(ctx, client, cfg, cfg.RulesPage, 8<<20)
	if err != nil {
		return nil, err
	}
	link := crLinkRE.Find(page)
	if link == nil {
		// A relative link, resolved against the page.
		rel := regexp.MustCompile(`["']([^"']*MagicCompRules[^"']*\.txt)["']`).FindSubmatch(page)
		if rel == nil {
			return nil, fmt.Errorf("kb: update: no Comprehensive Rules text linked from %s", cfg.RulesPage)
		}
		base, err := url.Parse(cfg.RulesPage)
		if err != nil {
			return nil, err
		}
		u, err := base.Parse(string(rel[1]))
		if err != nil {
			return nil, err
		}
		link = []byte(u.String())
	}
	d.CRURL = strings.ReplaceAll(string(link), " ", "%20")
	d.CR = filepath.Join(dir, "cr.txt")
	if err := fetchFile(ctx, client, cfg, d.CRURL, d.CR); err != nil {
		return nil, err
	}

	lb, err := fetchBytes(ctx, client, cfg, strings.TrimSuffix(cfg.ScryfallAPI, "/")+"/bulk-data", 1<<20)
	if err != nil {
		return nil, err
	}
	var bl bulkList
	if err := json.Unmarshal(lb, &bl); err != nil {
		return nil, fmt.Errorf("kb: update: bulk-data list: %w", err)
	}
	uri := map[string]string{}
	for _, e := range bl.Data {
		uri[e.Type] = e.DownloadURI
	}
	if uri["rulings"] == "" || uri[cfg.CardsType] == "" {
		return nil, fmt.Errorf("kb: update: the bulk-data list has no %q or %q file", "rulings", cfg.CardsType)
	}
	d.Rulings = filepath.Join(dir, "rulings.json")
	if err := fetchFile(ctx, client, cfg, uri["rulings"], d.Rulings); err != nil {
		return nil, err
	}
	d.Cards = filepath.Join(dir, "cards.json")
	if err := fetchFile(ctx, client, cfg, uri[cfg.CardsType], d.Cards); err != nil {
		return nil, err
	}
	ok = true
	return d, nil
}

// cleanDownloads removes the download folders that an update killed
// mid-way left in tmpDir: those whose process is gone, and any older than
// an update could run.
func cleanDownloads(tmpDir string, age time.Duration) {
	old, _ := filepath.Glob(filepath.Join(tmpDir, "arbiter-update-*"))
	for _, d := range old {
		fi, err := os.Stat(d)
		if err != nil || !fi.IsDir() {
			continue
		}
		if time.Since(fi.ModTime()) > age || !ownerAlive(d) {
			os.RemoveAll(d)
		}
	}
}

// ownerAlive reports whether the process that made download folder d
// (its pid file) still runs; a folder without a pid file counts as alive
// until it is old.
func ownerAlive(d string) bool {
	b, err := os.ReadFile(filepath.Join(d, "pid"))
	if err != nil {
		return true
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
	if err != nil || pid <= 0 {
		return false
	}
	if pid == os.Getpid() {
		return true
	}
	return syscall.Kill(pid, 0) != syscall.ESRCH
}

func newRequest(ctx context.Context, cfg UpdateConfig, u string) (*http.Request, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, fmt.Errorf("kb: update: %w", err)
	}
	ua := cfg.UserAgent
	if ua == "" {
		ua = "Arbiter rulings bot"
	}
	req.Header.Set("User-Agent", ua)
	req.Header.Set("Accept", "*/*")
	return req, nil
}

func fetchBytes(ctx context.Context, client *http.Client, cfg UpdateConfig, u string, max int64) ([]byte, error) {
	req, err := newRequest(ctx, cfg, u)
	if err != nil {
		return nil, err
	}
	resp, err := client.Do(req)
	if err != nil {
		return nil, fmt.Errorf("kb: update: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("kb: update: %s: %s", u, resp.Status)
	}
	b, err := io.ReadAll(io.LimitReader(resp.Body, max+1))
	if err != nil {
		return nil, fmt.Errorf("kb: update: %s: %w", u, err)
	}
	if int64(len(b)) > max {
		return nil, fmt.Errorf("kb: update: %s: larger than %d bytes", u, max)
	}
	return b, nil
}

func fetchFile(ctx context.Context, client *http.Client, cfg UpdateConfig, u, file string) error {
	req, err := newRequest(ctx, cfg, u)
	if err != nil {
		return err
	}
	resp, err := client.Do(req)
	if err != nil {
		return fmt.Errorf("kb: update: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("kb: update: %s: %s", u, resp.Status)
	}
	f, err := os.Create(file)
	if err != nil {
		return fmt.Errorf("kb: update: %w", err)
	}
	n, err := io.Copy(f, io.LimitReader(resp.Body, cfg.MaxBytes+1))
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("kb: update: %s: %w", u, err)
	}
	if n > cfg.MaxBytes {
		return fmt.Errorf("kb: update: %s: larger than %d bytes", u, cfg.MaxBytes)
	}
	if resp.ContentLength > 0 && n != resp.ContentLength {
		return fmt.Errorf("kb: update: %s: got %d of %d bytes", u, n, resp.ContentLength)
	}
	return nil
}
