// Command sqlx maps rows with a VARIANT column to Go structs with
// github.com/jmoiron/sqlx: a field of type variant.Variant for a column that
// always holds a value, and one of type sql.Null[variant.Variant] for a
// column that may be SQL NULL.
//
//	go run ./examples/sqlx
package main

import (
	"database/sql"
	"fmt"
	"log"
	"os"

	"github.com/jmoiron/sqlx"

	_ "github.com/parquetvariant/parquetvariant/driver"
	"github.com/parquetvariant/parquetvariant/variant"
)

// Event is one row of the events table.
type Event struct {
	ID      int64                     `db:"id"`
	Kind    string                    `db:"kind"`
	Payload variant.Variant           `db:"payload"` // NOT NULL column
	Context sql.Null[variant.Variant] `db:"context"` // nullable column
}

// KindCount is one row of a GROUP BY.
type KindCount struct {
	Kind   string `db:"kind"`
	Events int64  `db:"events"`
}

func main() {
	log.SetFlags(0)
	dir, err := os.MkdirTemp("", "sqlx-")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)

	// The driver takes ? placeholders.
	sqlx.BindDriver("parquetvariant", sqlx.QUESTION)
	db, err := sqlx.Open("parquetvariant", dir)
	if err != nil {
		log.Fatal(err)
	}
	defer db.Close()

	db.MustExec(`CREATE TABLE events (id BIGINT NOT NULL, kind VARCHAR NOT NULL, payload VARIANT NOT NULL, context VARIANT)`)

	mustJSON := func(s string) variant.Variant {
		v, err := variant.ParseJSON([]byte(s))
		if err != nil {
			log.Fatal(err)
		}
		return v
	}
	events := []Event{
		{ID: 1, Kind: "signup", Payload: mustJSON(`{"plan":"free","user":"ann"}`),
			Context: sql.Null[variant.Variant]{V: mustJSON(`{"ip":"10.0.0.1","agent":"curl"}`), Valid: true}},
		{ID: 2, Kind: "purchase", Payload: mustJSON(`{"user":"ann","total":12.50}`)},
		{ID: 3, Kind: "purchase", Payload: mustJSON(`{"user":"bo","total":3}`),
			Context: sql.Null[variant.Variant]{V: mustJSON(`{"ip":"10.0.0.2"}`), Valid: true}},
	}
	// A batch NamedExec is one INSERT with a row per struct: one new file.
	// A variant.Variant argument goes in as it is. database/sql hands a valid
	// sql.Null[variant.Variant] to the driver as its Value, the JSON text, so
	// parse_json turns it back into the Variant; an invalid one is NULL.
	res, err := db.NamedExec(`INSERT INTO events (id, kind, payload, context)
		VALUES (:id, :kind, :payload, parse_json(:context))`, events)
	if err != nil {
		log.Fatal(err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("inserted:", n)

	var counts []KindCount
	if err := db.Select(&counts, `SELECT kind, COUNT(*) AS events FROM events GROUP BY kind ORDER BY kind`); err != nil {
		log.Fatal(err)
	}
	for _, c := range counts {
		fmt.Printf("%s: %d\n", c.Kind, c.Events)
	}

	var got []Event
	if err := db.Select(&got, `SELECT id, kind, payload, context FROM events ORDER BY id`); err != nil {
		log.Fatal(err)
	}
	for _, e := range got {
		ctx := "NULL"
		if e.Context.Valid {
			ctx = e.Context.V.String()
		}
		fmt.Printf("%d %s payload=%s context=%s\n", e.ID, e.Kind, e.Payload, ctx)
	}

	var one Event
	if err := db.Get(&one, `SELECT id, kind, payload, context FROM events WHERE id = ?`, 2); err != nil {
		log.Fatal(err)
	}
	total, _, err := one.Payload.Get(variant.MustParsePath("$.total"))
	if err != nil {
		log.Fatal(err)
	}
	d, err := total.Decimal()
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("event %d: total %s, context valid: %v\n", one.ID, d, one.Context.Valid)
}
