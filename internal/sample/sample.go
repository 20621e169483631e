// Package sample writes the sample data set shipped in testdata/lake: an
// events table of shredded Variants written through the driver's own INSERT
// path, and copies of Variant files written by other engines (the vendored
// DuckDB interop files) as root-level read-only tables.
//
// The output is deterministic: the same rows, the same files, the same file
// names on every run.
package sample

import (
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	// The database/sql driver writes the events table.
	_ "github.com/parquetvariant/parquetvariant/driver"
)

// Days is the number of days of events; each day is one transaction and so
// one data file.
const Days = 2

// EventsPerDay is the number of events written per day.
const EventsPerDay = 2000

// RowGroupRows is the row group size of the events files, small enough that
// a filter on id or ts skips row groups.
const RowGroupRows = 500

// EventsDDL is the CREATE TABLE statement of the events table.
const EventsDDL = `CREATE TABLE events (
	id BIGINT NOT NULL,
	ts TIMESTAMP NOT NULL,
	kind VARCHAR NOT NULL,
	user_id BIGINT NOT NULL,
	country VARCHAR,
	amount DECIMAL(10,2),
	payload VARIANT
)`

// Interop maps the root-level tables copied from testdata/interop/duckdb
// (file name in the lake -> file name in the interop folder).
var Interop = map[string]string{
	"duckdb_mixed.parquet":     "variant_partial_shredded1.parquet",
	"duckdb_objects.parquet":   "variant_shredded_object3.parquet",
	"snowflake_events.parquet": "snowflake_variant.parquet",
}

// Write (re)creates the sample lake in dir: the events table and the
// interop tables, whose files are read from interopDir. Existing files of
// those tables in dir are replaced.
func Write(dir, interopDir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if err := writeEvents(dir); err != nil {
		return fmt.Errorf("events: %w", err)
	}
	names := make([]string, 0, len(Interop))
	for n := range Interop {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, n := range names {
		if err := copyFile(filepath.Join(interopDir, Interop[n]), filepath.Join(dir, n)); err != nil {
			return err
		}
	}
	return nil
}

// writeEvents writes the events table in a scratch directory through the
// driver, then moves its files into dir/events under names numbered in
// commit order (the driver names files by commit time).
func writeEvents(dir string) error {
	tmp, err := os.MkdirTemp("", "parquetvariant-sample-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	db, err := sql.Open("parquetvariant", fmt.Sprintf("%s?row_group_rows=%d", tmp, RowGroupRows))
	if err != nil {
		return err
	}
	defer db.Close()
	if _, err := db.Exec(EventsDDL); err != nil {
		return err
	}
	rng := rand.New(rand.NewPCG(2024, 6))
	start := time.Date(2024, 6, 1, 0, 0, 0, 0, time.UTC)
	id := int64(0)
	for day := range Days {
		tx, err := db.Begin()
		if err != nil {
			return err
		}
		stmt, err := tx.Prepare("INSERT INTO events VALUES (?, ?, ?, ?, ?, ?, parse_json(?))")
		if err != nil {
			tx.Rollback()
			return err
		}
		dayStart := start.AddDate(0, 0, day)
		step := 24 * time.Hour / EventsPerDay
		for i := range EventsPerDay {
			id++
			e := event(rng, id)
			ts := dayStart.Add(time.Duration(i)*step + time.Duration(rng.IntN(int(step/time.Second)))*time.Second)
			if _, err := stmt.Exec(id, ts, e.kind, e.user, e.country, e.amount, e.payload); err != nil {
				tx.Rollback()
				return fmt.Errorf("row %d: %w", id, err)
			}
		}
		if err := tx.Commit(); err != nil {
			return err
		}
	}
	entries, err := os.ReadDir(filepath.Join(tmp, "events"))
	if err != nil {
		return err
	}
	var files []string
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".parquet") && !strings.HasPrefix(e.Name(), "_") {
			files = append(files, e.Name())
		}
	}
	slices.Sort(files)
	out := filepath.Join(dir, "events")
	if err := os.RemoveAll(out); err != nil {
		return err
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	for i, f := range files {
		if err := copyFile(filepath.Join(tmp, "events", f), filepath.Join(out, fmt.Sprintf("part-%05d.parquet", i))); err != nil {
			return err
		}
	}
	return nil
}

type row struct {
	kind    string
	user    int64
	country any
	amount  any
	payload string
}

var (
	kinds     = []string{"page_view", "page_view", "page_view", "search", "signup", "purchase"}
	countries = []string{"DE", "FR", "US", "US", "JP", "BR"}
	pages     = []string{"/", "/pricing", "/docs", "/blog/variant", "/signup"}
	referrers = []string{"google", "newsletter", "github", "direct"}
	oses      = []string{"ios", "android", "linux", "macos", "windows"}
	queries   = []string{"parquet variant", "shredding", "json in parquet", "database/sql driver"}
	plans     = []string{"free", "free", "team", "enterprise"}
	skus      = []string{"A-100", "B-200", "C-300", "D-400"}
	prices    = []float64{9.99, 24.50, 4.25, 120.00}
)

func pick[T any](rng *rand.Rand, s []T) T { return s[rng.IntN(len(s))] }

// event makes one event: plain columns and a JSON payload whose shape
// depends on the kind.
func event(rng *rand.Rand, id int64) row {
	r := row{kind: pick(rng, kinds), user: int64(1 + rng.IntN(300))}
	if rng.IntN(20) != 0 {
		r.country = pick(rng, countries)
	}
	device := map[string]any{"os": pick(rng, oses), "version": fmt.Sprintf("%d.%d", 10+rng.IntN(8), rng.IntN(10))}
	var p map[string]any
	switch r.kind {
	case "page_view":
		p = map[string]any{"page": pick(rng, pages), "referrer": pick(rng, referrers), "duration_ms": 100 + rng.IntN(20000), "device": device}
	case "search":
		p = map[string]any{"query": pick(rng, queries), "results": rng.IntN(50), "device": device}
	case "signup":
		p = map[string]any{"plan": pick(rng, plans), "device": device, "utm": map[string]any{"source": pick(rng, referrers)}}
	case "purchase":
		var items []any
		total := 0.0
		for range 1 + rng.IntN(3) {
			k := rng.IntN(len(skus))
			qty := 1 + rng.IntN(3)
			items = append(items, map[string]any{"sku": skus[k], "qty": qty, "price": prices[k]})
			total += prices[k] * float64(qty)
		}
		p = map[string]any{"order_id": fmt.Sprintf("o-%06d", id), "items": items, "currency": "EUR", "device": device}
		if rng.IntN(4) == 0 {
			p["coupon"] = nil
		}
		r.amount = fmt.Sprintf("%.2f", total)
	}
	b, err := json.Marshal(p)
	if err != nil {
		panic(err) // maps of strings and numbers always marshal
	}
	r.payload = string(b)
	return r
}

func copyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.Create(dst)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}
