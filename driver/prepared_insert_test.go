package driver_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestPreparedInsertReuse: a prepared INSERT keeps its compiled form
// across executions, and what it keeps never leaks between transactions,
// column lists, tables or a rolled-back transaction.
func TestPreparedInsertReuse(t *testing.T) {
	dir := t.TempDir()
	db := openDB(t, dir)
	for _, q := range []string{
		"CREATE TABLE a (id BIGINT, name VARCHAR, v VARIANT)",
		"CREATE TABLE b (id BIGINT, v VARIANT)",
	} {
		_, err := db.Exec(q)
		require.NoError(t, err)
	}
	ctx := context.Background()
	conn, err := db.Conn(ctx) // one connection: the statements are prepared once
	require.NoError(t, err)
	defer conn.Close()
	all, err := conn.PrepareContext(ctx, "INSERT INTO a VALUES (?, ?, ?)")
	require.NoError(t, err)
	some, err := conn.PrepareContext(ctx, "INSERT INTO a (v, id) VALUES (?, ?), (?, 100 + ?)")
	require.NoError(t, err)
	other, err := conn.PrepareContext(ctx, "INSERT INTO b (id, v) VALUES (?, ?)")
	require.NoError(t, err)

	// Outside a transaction, each execution is its own file.
	_, err = all.Exec(1, "x", map[string]any{"k": 1})
	require.NoError(t, err)
	_, err = all.Exec(2, nil, nil)
	require.NoError(t, err)

	// In a transaction, the statements share the transaction's file per
	// table, whatever their column lists.
	tx, err := conn.BeginTx(ctx, nil)
	require.NoError(t, err)
	for i := 3; i <= 5; i++ {
		_, err = tx.Stmt(all).Exec(i, "t", map[string]any{"k": i})
		require.NoError(t, err)
		_, err = tx.Stmt(some).Exec(map[string]any{"s": i}, i, "second", i)
		require.NoError(t, err)
		_, err = tx.Stmt(other).Exec(i, []any{i})
		require.NoError(t, err)
	}
	require.NoError(t, tx.Commit())

	// A rolled-back transaction leaves nothing, and the statements work
	// after it.
	tx, err = conn.BeginTx(ctx, nil)
	require.NoError(t, err)
	_, err = tx.Stmt(all).Exec(50, "gone", nil)
	require.NoError(t, err)
	require.NoError(t, tx.Rollback())
	_, err = all.Exec(6, "after", nil)
	require.NoError(t, err)

	require.Equal(t, []string{
		`1|x|{"k":1}`, `2|NULL|NULL`,
		`3|t|{"k":3}`, `3|NULL|{"s":3}`, `4|t|{"k":4}`, `4|NULL|{"s":4}`, `5|t|{"k":5}`, `5|NULL|{"s":5}`,
		`6|after|NULL`,
		`103|NULL|"second"`, `104|NULL|"second"`, `105|NULL|"second"`,
	}, rowsText(t, db, "SELECT id, name, v FROM a ORDER BY id, name DESC"))
	require.Equal(t, []string{"3|[3]", "4|[4]", "5|[5]"}, rowsText(t, db, "SELECT id, v FROM b ORDER BY id"))
	require.Len(t, visible(tableFiles(t, dir, "a")), 1+2+1+1, "CREATE, two statements, the transaction, one more statement")
}
