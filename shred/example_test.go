package shred_test

import (
	"bytes"
	"fmt"
	"io"

	"github.com/parquet-go/parquet-go"
	"github.com/parquetvariant/parquetvariant/shred"
	"github.com/parquetvariant/parquetvariant/variant"
)

// Shred events into a Parquet file and rebuild them.
func Example() {
	s := shred.Object(
		shred.Field{Name: "event_type", Schema: shred.Typed(shred.TypeString)},
		shred.Field{Name: "event_ts", Schema: shred.Typed(shred.TypeTimestamp)},
	)
	node, _ := s.Node()
	schema := parquet.NewSchema("t", parquet.Group{"event": parquet.Optional(node)})
	layout, _ := shred.NewLayout(s, true)
	cols, _ := layout.ColumnIndexes(schema, "event")

	batch := layout.NewBatch()
	var vb variant.Builder
	vb.BeginObject()
	vb.Key("event_type")
	vb.AppendString("login")
	vb.Key("email")
	vb.AppendString("user@example.com")
	vb.EndObject()
	v, _ := vb.Build()
	_ = batch.Append(v)
	_ = batch.AppendNull()

	var buf bytes.Buffer
	w := parquet.NewWriter(&buf, schema)
	_ = batch.WriteColumns(w.ColumnWriters(), cols)
	_ = w.Close()

	f, _ := parquet.OpenFile(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
	field := f.Schema().Fields()[0]
	fs, _ := shred.FromNode(field)
	fmt.Println(fs)
	fl, _ := shred.NewLayout(fs, field.Optional())
	fcols, _ := fl.ColumnIndexes(f.Schema(), field.Name())
	fb := fl.NewBatch()
	_ = fb.ReadRowGroup(f.RowGroups()[0], fcols)
	r := shred.NewReader(fb, shred.Strict)
	for {
		v, valid, err := r.Next()
		if err == io.EOF {
			break
		}
		if !valid {
			fmt.Println("SQL NULL")
			continue
		}
		email, _, _ := v.Field("email")
		typ, _, _ := v.Field("event_type")
		e, _ := email.Str()
		t, _ := typ.Str()
		fmt.Println(t, e)
	}
	// Output:
	// object{event_ts:timestamp,event_type:string}
	// login user@example.com
	// SQL NULL
}
