package driver_test

import (
	"database/sql"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/parquet-go/parquet-go"
	"github.com/stretchr/testify/require"

	"github.com/parquetvariant/parquetvariant/variant"
)

// roundTripEvent is generated event i: nil for a SQL NULL row, else a Go
// value for variant.Of. Events mix field types (string, int, double,
// boolean, decimal, timestamp, date), a nested object, a list, Variant
// nulls (a whole event, and fields), missing fields, a field whose type
// changes, and a few events that are not objects.
func roundTripEvent(i int) any {
	switch {
	case i%97 == 0:
		return nil
	case i%89 == 0:
		return variant.MustOf(nil) // a Variant null, not a SQL NULL
	case i%83 == 0:
		return "not an object"
	case i%79 == 0:
		return []any{int64(i), "x", nil}
	}
	ev := map[string]any{
		"event_type": [...]string{"click", "view", "signup", "purchase", "login"}[i%5],
		"user_id":    int64(i % 1000),
		"ts":         time.UnixMicro(1_700_000_000_000_000 + int64(i)*1_000_003).UTC(),
		"ctx": map[string]any{
			"page":  fmt.Sprintf("/p/%d", i%40),
			"depth": int64(i % 6),
			"geo":   map[string]any{"lat": float64(i%180) - 90.5, "lon": float64(i%360) / 3},
		},
		"tags": []any{"t" + fmt.Sprint(i%3), strings.Repeat("long tag ", i%9)},
	}
	if i%3 == 0 {
		d, err := variant.NewDecimal(int64(i%100000), 2)
		if err != nil {
			panic(err)
		}
		ev["amount"] = d
	}
	if i%4 == 0 {
		ev["ok"] = i%8 == 0
	}
	if i%5 == 0 {
		ev["score"] = float64(i) / 7
	}
	if i%6 == 0 {
		ev["note"] = nil // a Variant null field
	}
	if i%13 == 0 {
		ev["user_id"] = fmt.Sprintf("u-%d", i) // the type changes
	}
	if i%17 == 0 {
		delete(ev, "ctx")
	}
	if i%19 == 0 {
		ev["day"] = variant.Date(19000 + i%365)
	}
	return ev
}

// roundTripCount is the number of events TestInsertRoundTrip writes: fewer
// with -short and under the race detector.
func roundTripCount() int {
	if testing.Short() || raceEnabled {
		return 10_000
	}
	return 100_000
}

type oracleVariant struct {
	Metadata []byte `parquet:"metadata"`
	Value    []byte `parquet:"value"`
}

type oracleEvent struct {
	ID    int64          `parquet:"id"`
	Event *oracleVariant `parquet:"event,variant"`
}

// TestInsertRoundTrip: generated events inserted through database/sql read
// back equal (variant.Equal) through database/sql, with shred=auto and with
// shred=none, and parquet-go's own Variant reader reads the written files to
// the same values.
func TestInsertRoundTrip(t *testing.T) {
	n := roundTripCount()
	want := make([]*variant.Variant, n)
	for i := range want {
		if ev := roundTripEvent(i); ev != nil {
			v, err := variant.Of(ev)
			require.NoError(t, err)
			want[i] = &v
		}
	}
	for _, mode := range []string{"auto", "none"} {
		t.Run("shred="+mode, func(t *testing.T) {
			dir := t.TempDir()
			db := openDB(t, dir+"?shred="+mode+fmt.Sprintf("&row_group_rows=%d", n/8)) // 8 row groups
			_, err := db.Exec("CREATE TABLE events (id BIGINT NOT NULL, event VARIANT)")
			require.NoError(t, err)
			const per = 500
			query := "INSERT INTO events VALUES " + strings.TrimSuffix(strings.Repeat("(?, ?), ", per), ", ")
			tx, err := db.Begin()
			require.NoError(t, err)
			st, err := tx.Prepare(query)
			require.NoError(t, err)
			args := make([]any, 2*per)
			for i := 0; i < n; i += per {
				for j := 0; j < per; j++ {
					args[2*j] = int64(i + j)
					if w := want[i+j]; w != nil {
						args[2*j+1] = *w
					} else {
						args[2*j+1] = nil
					}
				}
				res, err := st.Exec(args...)
				require.NoError(t, err)
				affected, err := res.RowsAffected()
				require.NoError(t, err)
				require.Equal(t, int64(per), affected)
			}
			require.NoError(t, st.Close())
			require.NoError(t, tx.Commit())

			rows, err := db.Query("SELECT id, event FROM events")
			require.NoError(t, err)
			next := 0
			for rows.Next() {
				var id int64
				var ev sql.Null[variant.Variant]
				require.NoError(t, rows.Scan(&id, &ev))
				require.Equal(t, int64(next), id)
				requireEvent(t, want[next], ev.V, ev.Valid, "sql row %d", next)
				next++
			}
			require.NoError(t, rows.Err())
			require.NoError(t, rows.Close())
			require.Equal(t, n, next)

			// parquet-go reads the files (the empty one CREATE TABLE wrote,
			// then the transaction's) to the same values.
			files := visible(tableFiles(t, dir, "events"))
			require.Len(t, files, 2)
			next = 0
			for _, name := range files {
				got, err := parquet.ReadFile[oracleEvent](filepath.Join(dir, "events", name))
				require.NoError(t, err, name)
				for _, r := range got {
					require.Equal(t, int64(next), r.ID)
					var v variant.Variant
					valid := r.Event != nil && len(r.Event.Value) > 0
					if valid {
						v, err = variant.New(r.Event.Metadata, r.Event.Value)
						require.NoError(t, err, "oracle row %d", next)
					}
					requireEvent(t, want[next], v, valid, "oracle row %d", next)
					next++
				}
			}
			require.Equal(t, n, next)
		})
	}
}

// requireEvent checks a value read back against the one written (nil: SQL
// NULL). It formats the message only on a mismatch: it runs per row.
func requireEvent(t *testing.T, want *variant.Variant, got variant.Variant, valid bool, format string, args ...any) {
	if want == nil && !valid {
		return
	}
	if want != nil && valid {
		if eq, err := variant.Equal(*want, got); err == nil && eq {
			return
		}
	}
	t.Helper()
	where := fmt.Sprintf(format, args...)
	require.Equal(t, want != nil, valid, "SQL NULL: %s", where)
	require.Equal(t, want.String(), got.String(), where)
	require.Fail(t, "not variant.Equal", where)
}
