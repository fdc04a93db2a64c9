package store

import (
	"context"
	"fmt"
	"testing"
	"time"

	"arbiter/cmd/bot/internal/chat"
	"arbiter/cmd/bot/internal/testutil"
)

// BenchmarkBolt and BenchmarkPostgres measure each call of the request
// path, 8 at a time: a setting (synced to disk), the replay guard and a
// rate-limit take.
func BenchmarkBolt(b *testing.B) {
	s, err := OpenBolt(b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	benchStore(b, s)
}

func BenchmarkPostgres(b *testing.B) {
	s, err := OpenPostgres(context.Background(), testutil.PostgresURL(b), "", nil)
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	benchStore(b, s)
}

func benchStore(b *testing.B, s chat.Store) {
	{
		ctx := context.Background()
		b.Run("PutSetting", func(b *testing.B) {
			b.SetParallelism(8)
			var n int64
			b.RunParallel(func(pb *testing.PB) {
				for pb.Next() {
					n++
					if err := s.PutSetting(ctx, fmt.Sprintf("user:%p-%d", pb, n), "fr"); err != nil {
						b.Error(err)
					}
				}
			})
		})
		b.Run("FirstSeen", func(b *testing.B) {
			b.SetParallelism(8)
			now := time.Now()
			b.RunParallel(func(pb *testing.PB) {
				i := 0
				for pb.Next() {
					i++
					if _, err := s.FirstSeen(ctx, fmt.Sprintf("replay:%p-%d", pb, i), now, 10*time.Minute); err != nil {
						b.Error(err)
					}
				}
			})
		})
		b.Run("Take", func(b *testing.B) {
			b.SetParallelism(8)
			now := time.Now()
			b.RunParallel(func(pb *testing.PB) {
				i := 0
				for pb.Next() {
					i++
					if _, _, err := s.Take(ctx, fmt.Sprintf("rate:%p-%d", pb, i%500), now, 5, 10*time.Second); err != nil {
						b.Error(err)
					}
				}
			})
		})
	}
}
