package testutil

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/url"
	"os"
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
