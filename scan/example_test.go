package scan_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/parquet-go/parquet-go"
	"github.com/parquetvariant/parquetvariant/scan"
)

type event struct {
	ID   int64   `parquet:"id"`
	Kind string  `parquet:"kind"`
	User *string `parquet:"user,optional"`
}

func Example() {
	dir, _ := os.MkdirTemp("", "lake")
	defer os.RemoveAll(dir)
	os.MkdirAll(filepath.Join(dir, "events", "day=1"), 0o755)
	ann := "ann"
	parquet.WriteFile(filepath.Join(dir, "events", "day=1", "part-0.parquet"), []event{
		{ID: 1, Kind: "signup", User: &ann},
		{ID: 2, Kind: "login"},
		{ID: 3, Kind: "signup"},
	})

	root, err := scan.Open(dir)
	if err != nil {
		panic(err)
	}
	table, err := root.Table("events")
	if err != nil {
		panic(err)
	}
	rows, err := table.Scan(context.Background(), scan.Query{
		Columns: []scan.Ref{scan.Col("id"), scan.Col("user")},
		Where:   scan.Compare{Ref: scan.Col("kind"), Op: scan.Eq, Value: "signup"},
	})
	if err != nil {
		panic(err)
	}
	defer rows.Close()
	for rows.Next() {
		fmt.Println(rows.Int64(0), rows.Value(1))
	}
	if err := rows.Err(); err != nil {
		panic(err)
	}
	st := rows.Stats()
	fmt.Println("row groups read:", st.RowGroupsRead, "rows returned:", st.RowsReturned)
	// Output:
	// 1 ann
	// 3 <nil>
	// row groups read: 1 rows returned: 2
}
