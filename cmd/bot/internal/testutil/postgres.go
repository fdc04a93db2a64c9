package testutil

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net"
	"net/url"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// PostgresEnv names the variable that gives the tests a PostgreSQL server
// (a URL whose user may create databases); .ci/run starts a throwaway
// server and sets it. RequirePostgresEnv, when set to 1, makes the tests
// that need the server fail instead of skipping without it.
const (
	PostgresEnv        = "ARBITER_TEST_DATABASE_URL"
	RequirePostgresEnv = "ARBITER_REQUIRE_POSTGRES"
)

// PostgresURL creates a new empty database on the server of PostgresEnv,
// dropped when the test ends, and returns its URL. Without a server the
// test is skipped (or fails when RequirePostgresEnv is 1).
func PostgresURL(t testing.TB) string {
	t.Helper()
	admin := os.Getenv(PostgresEnv)
	if admin == "" {
		if os.Getenv(RequirePostgresEnv) == "1" {
			t.Fatalf("%s=1 but %s is not set", RequirePostgresEnv, PostgresEnv)
		}
		t.Skipf("no PostgreSQL server: set %s (scripts/pg-throwaway.sh starts one)", PostgresEnv)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, admin)
	if err != nil {
		if os.Getenv(RequirePostgresEnv) == "1" {
			t.Fatalf("PostgreSQL at %s: %v", PostgresEnv, err)
		}
		t.Skipf("PostgreSQL at %s unreachable: %v", PostgresEnv, err)
	}
	defer conn.Close(context.Background())
	id := make([]byte, 6)
	rand.Read(id)
	name := "arbiter_test_" + hex.EncodeToString(id)
	if _, err := conn.Exec(ctx, "CREATE DATABASE "+name); err != nil {
		t.Fatalf("create database: %v", err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		c, err := pgx.Connect(ctx, admin)
		if err != nil {
			return
		}
		defer c.Close(context.Background())
		c.Exec(ctx, "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)")
	})
	u, err := url.Parse(admin)
	if err != nil || u.Scheme == "" {
		t.Fatalf("%s must be a postgres:// URL", PostgresEnv)
	}
	u.Path = "/" + name
	return u.String()
}

// PGServer is a PostgreSQL server of a test's own, in a temporary
// directory, that the test may stop and start again (on the same port
// and data).
type PGServer struct {
	URL  string // of its database "postgres"
	bin  string
	dir  string
	port int
	as   []string // runuser -u postgres --, when run as root
}

// StartPostgres starts a private PostgreSQL server, stopped when the test
// ends. Without the server's programs the test is skipped (or fails when
// RequirePostgresEnv is 1).
func StartPostgres(t testing.TB) *PGServer {
	t.Helper()
	bin := pgBin()
	if bin == "" {
		if os.Getenv(RequirePostgresEnv) == "1" {
			t.Fatalf("%s=1 but PostgreSQL's initdb is not installed", RequirePostgresEnv)
		}
		t.Skip("PostgreSQL's initdb is not installed (apt-get install postgresql)")
	}
	dir, err := os.MkdirTemp("", "arbiter-pg-")
	if err != nil {
		t.Fatal(err)
	}
	s := &PGServer{bin: bin, dir: dir}
	if os.Geteuid() == 0 {
		// The server refuses to run as root.
		if _, err := user.Lookup("postgres"); err != nil {
			t.Skip("running as root and no user postgres to run the server as")
		}
		s.as = []string{"runuser", "-u", "postgres", "--"}
		exec.Command("chown", "postgres", dir).Run()
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s.port = ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	if out, err := s.command("initdb", "-D", filepath.Join(dir, "data"), "-U", "arbiter", "--auth=trust", "-E", "UTF8").CombinedOutput(); err != nil {
		os.RemoveAll(dir)
		t.Fatalf("initdb: %v\n%s", err, out)
	}
	s.URL = fmt.Sprintf("postgres://arbiter@127.0.0.1:%d/postgres?sslmode=disable", s.port)
	t.Cleanup(func() {
		s.command("pg_ctl", "-D", filepath.Join(dir, "data"), "-m", "immediate", "-w", "stop").Run()
		os.RemoveAll(dir)
	})
	s.Start(t)
	return s
}

// command is a program of the server's, run as its user.
func (s *PGServer) command(name string, args ...string) *exec.Cmd {
	argv := append(append(append([]string{}, s.as...), filepath.Join(s.bin, name)), args...)
	return exec.Command(argv[0], argv[1:]...)
}

// Start starts the server and waits until it accepts connections.
func (s *PGServer) Start(t testing.TB) {
	t.Helper()
	opts := fmt.Sprintf("-c listen_addresses=127.0.0.1 -p %d -k %s -c max_connections=200", s.port, s.dir)
	if out, err := s.command("pg_ctl", "-D", filepath.Join(s.dir, "data"), "-l", filepath.Join(s.dir, "log"), "-w", "-t", "60", "-o", opts, "start").CombinedOutput(); err != nil {
		t.Fatalf("pg_ctl start: %v\n%s", err, out)
	}
}

// Stop stops the server at once (connections are cut).
func (s *PGServer) Stop(t testing.TB) {
	t.Helper()
	if out, err := s.command("pg_ctl", "-D", filepath.Join(s.dir, "data"), "-m", "fast", "-w", "stop").CombinedOutput(); err != nil {
		t.Fatalf("pg_ctl stop: %v\n%s", err, out)
	}
}

// pgBin is the directory of PostgreSQL's server programs ("" when none).
func pgBin() string {
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	sort.Sort(sort.Reverse(sort.StringSlice(dirs)))
	for _, d := range dirs {
		if _, err := os.Stat(filepath.Join(d, "initdb")); err == nil {
			return d
		}
	}
	if p, err := exec.LookPath("initdb"); err == nil {
		return filepath.Dir(p)
	}
	return ""
}
