package scan

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/parquet-go/parquet-go"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// nestedRows scans columns of table t in dir and returns each row's
// columns as JSON text ("NULL" for SQL NULL).
func nestedRows(t *testing.T, dir string, cols ...string) [][]string {
	t.Helper()
	r, err := Open(dir)
	require.NoError(t, err)
	tb, err := r.Table("t")
	require.NoError(t, err)
	var refs []Ref
	for _, c := range cols {
		refs = append(refs, Col(c))
	}
	var out [][]string
	for _, noSkip := range []bool{false, true} {
		rs, err := tb.Scan(context.Background(), Query{Columns: refs, NoSkip: noSkip})
		require.NoError(t, err)
		var got [][]string
		for rs.Next() {
			var row []string
			for i := range cols {
				if rs.IsNull(i) {
					row = append(row, "NULL")
					continue
				}
				if rs.Columns()[i].Type.Kind != KindVariant {
					row = append(row, jsonText(rs.Value(i)))
					continue
				}
				v, err := rs.Variant(i)
				require.NoError(t, err)
				row = append(row, jsonOf(t, v))
			}
			got = append(got, row)
		}
		require.NoError(t, rs.Err())
		if noSkip {
			assert.Equal(t, out, got)
		}
		out = got
	}
	return out
}

func jsonText(x any) string {
	switch x := x.(type) {
	case string:
		return `"` + x + `"`
	case int64:
		return parquet.Int64Value(x).String()
	}
	return "?"
}

type contact struct {
	Name        string  `parquet:"name"`
	PhoneNumber *string `parquet:"phoneNumber,optional"`
}

type addressBook struct {
	Owner             string    `parquet:"owner"`
	OwnerPhoneNumbers []string  `parquet:"ownerPhoneNumbers"`
	Contacts          []contact `parquet:"contacts"`
}

// The AddressBook example of the seeds (Dremel made simple; the record of
// two contacts, Spark without a phone number, and an empty address book)
// reads back record for record: repeated fields as arrays, groups as
// objects without their null fields.
func TestNestedAddressBook(t *testing.T) {
	dir := t.TempDir()
	writeRows(t, filepath.Join(dir, "t", "a.parquet"), []addressBook{
		{Owner: "Julien Le Dem", OwnerPhoneNumbers: []string{"555 123 4567", "555 666 1337"},
			Contacts: []contact{{Name: "Dmitriy Ryaboy", PhoneNumber: ptr("555 987 6543")}, {Name: "Chris Aniszczyk"}}},
		{Owner: "A. Nonymous"},
		{Owner: "业主", Contacts: []contact{{Name: "Spark"}, {Name: "联系人", PhoneNumber: ptr("18610086859")}}},
	})
	assert.Equal(t, [][]string{
		{`"Julien Le Dem"`, `["555 123 4567","555 666 1337"]`, `[{"name":"Dmitriy Ryaboy","phoneNumber":"555 987 6543"},{"name":"Chris Aniszczyk"}]`},
		{`"A. Nonymous"`, `[]`, `[]`},
		{`"业主"`, `[]`, `[{"name":"Spark"},{"name":"联系人","phoneNumber":"18610086859"}]`},
	}, nestedRows(t, dir, "owner", "ownerPhoneNumbers", "contacts"))
}

type language struct {
	Code    string  `parquet:"Code"`
	Country *string `parquet:"Country,optional"`
}

type docName struct {
	Language []language `parquet:"Language"`
	URL      *string    `parquet:"Url,optional"`
}

type links struct {
	Backward []int64 `parquet:"Backward"`
	Forward  []int64 `parquet:"Forward"`
}

type document struct {
	DocID int64     `parquet:"DocId"`
	Links *links    `parquet:"Links,optional"`
	Name  []docName `parquet:"Name"`
}

// The Document records r1 and r2 of the Dremel paper (seeds) read back
// record for record, with a third record whose Links are NULL.
func TestNestedDocument(t *testing.T) {
	dir := t.TempDir()
	writeRows(t, filepath.Join(dir, "t", "d.parquet"), []document{
		{DocID: 10, Links: &links{Forward: []int64{20, 40, 60}}, Name: []docName{
			{Language: []language{{Code: "en-us", Country: ptr("us")}, {Code: "en"}}, URL: ptr("http://A")},
			{URL: ptr("http://B")},
			{Language: []language{{Code: "en-gb", Country: ptr("gb")}}},
		}},
		{DocID: 20, Links: &links{Backward: []int64{10, 30}, Forward: []int64{80}}, Name: []docName{{URL: ptr("http://C")}}},
		{DocID: 30},
	})
	assert.Equal(t, [][]string{
		{`10`, `{"Backward":[],"Forward":[20,40,60]}`,
			`[{"Language":[{"Code":"en-us","Country":"us"},{"Code":"en"}],"Url":"http://A"},{"Language":[],"Url":"http://B"},{"Language":[{"Code":"en-gb","Country":"gb"}]}]`},
		{`20`, `{"Backward":[10,30],"Forward":[80]}`, `[{"Language":[],"Url":"http://C"}]`},
		{`30`, `NULL`, `[]`},
	}, nestedRows(t, dir, "DocId", "Links", "Name"))
}

// writeLeveled writes rows given with explicit levels.
func writeLeveled(t *testing.T, path string, schema *parquet.Schema, rows []parquet.Row) {
	t.Helper()
	require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
	f, err := os.Create(path)
	require.NoError(t, err)
	w := parquet.NewWriter(f, schema)
	_, err = w.WriteRows(rows)
	require.NoError(t, err)
	require.NoError(t, w.Close())
	require.NoError(t, f.Close())
}

// A NULL list, an empty list and a list of one NULL stay different; maps
// with string keys are objects, others arrays of key/value objects.
func TestNestedListsAndMaps(t *testing.T) {
	dir := t.TempDir()
	schema := parquet.NewSchema("t", parquet.Group{
		"xs": parquet.Optional(parquet.List(parquet.Optional(parquet.Int(32)))),
		"m":  parquet.Optional(parquet.Map(parquet.String(), parquet.Optional(parquet.Int(64)))),
		"im": parquet.Map(parquet.Int(32), parquet.String()),
	})
	col := func(path ...string) int {
		l, ok := schema.Lookup(path...)
		require.True(t, ok, "%v", path)
		return l.ColumnIndex
	}
	xs, mk, mv := col("xs", "list", "element"), col("m", "key_value", "key"), col("m", "key_value", "value")
	ik, iv := col("im", "key_value", "key"), col("im", "key_value", "value")
	null := parquet.NullValue
	str := func(s string) parquet.Value { return parquet.ByteArrayValue([]byte(s)) }
	rows := []parquet.Row{
		{null().Level(0, 0, xs), null().Level(0, 0, mk), null().Level(0, 0, mv), null().Level(0, 0, ik), null().Level(0, 0, iv)},
		{null().Level(0, 1, xs), null().Level(0, 1, mk), null().Level(0, 1, mv), parquet.Int32Value(7).Level(0, 1, ik), str("seven").Level(0, 1, iv)},
		{null().Level(0, 2, xs), str("a").Level(0, 2, mk), parquet.Int64Value(1).Level(0, 3, mv), str("b").Level(1, 2, mk), null().Level(1, 2, mv),
			parquet.Int32Value(1).Level(0, 1, ik), str("one").Level(0, 1, iv), parquet.Int32Value(2).Level(1, 1, ik), str("two").Level(1, 1, iv)},
		{parquet.Int32Value(1).Level(0, 3, xs), null().Level(1, 2, xs), parquet.Int32Value(3).Level(1, 3, xs),
			str("k").Level(0, 2, mk), parquet.Int64Value(5).Level(0, 3, mv), null().Level(0, 0, ik), null().Level(0, 0, iv)},
	}
	writeLeveled(t, filepath.Join(dir, "t", "l.parquet"), schema, sortRow(rows))
	assert.Equal(t, [][]string{
		{`NULL`, `NULL`, `[]`},
		{`[]`, `{}`, `[{"key":7,"value":"seven"}]`},
		{`[null]`, `{"a":1,"b":null}`, `[{"key":1,"value":"one"},{"key":2,"value":"two"}]`},
		{`[1,null,3]`, `{"k":5}`, `[]`},
	}, nestedRows(t, dir, "xs", "m", "im"))
}

// sortRow orders the values of each row by column, as WriteRows expects.
func sortRow(rows []parquet.Row) []parquet.Row {
	for _, r := range rows {
		for i := 1; i < len(r); i++ {
			for j := i; j > 0 && r[j].Column() < r[j-1].Column(); j-- {
				r[j], r[j-1] = r[j-1], r[j]
			}
		}
	}
	return rows
}
