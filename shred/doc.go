// Package shred implements Variant shredding and reconstruction as
// VariantShredding.md specifies them: the shredding schema of a Variant
// column ([Schema]), its Parquet schema ([Schema.Node], [FromNode]), the
// column buffers of a batch of rows with their definition and repetition
// levels ([Batch]), shredding into them ([Batch.Append]), reconstruction
// from them ([Reader], the spec's construct_variant) and the choice of a
// schema from data ([Infer], [Fits]).
//
// # Schemas
//
// A [Schema] is the tree of value / typed_value pairs of one Variant
// column: [Untyped] (value only), [Primitive] (a typed_value of one of the
// spec's "Shredded Value Types"), [Object] (a group with one required group
// per shredded field) or [Array] (a 3-level LIST with a required element
// group), nested to any depth. [Schema.Node] returns the Parquet node a
// writer puts in its file schema (a group annotated VARIANT(1) with
// metadata, value and typed_value in that order); [FromNode] reads the
// schema of any file's Variant group, so that each file is read with its
// own shredding. Bad schemas give [ErrInvalidSchema].
//
// # Writing
//
// A [Layout] compiles a schema for a column; a [Batch] holds the column's
// leaf buffers for a run of rows:
//
//	s := shred.Object(
//		shred.Field{Name: "event_type", Schema: shred.Typed(shred.TypeString)},
//		shred.Field{Name: "event_ts", Schema: shred.Typed(shred.TypeTimestamp)},
//	)
//	node, _ := s.Node()
//	schema := parquet.NewSchema("t", parquet.Group{"event": parquet.Optional(node)})
//	layout, _ := shred.NewLayout(s, true)
//	cols, _ := layout.ColumnIndexes(schema, "event")
//	b := layout.NewBatch()
//	for _, v := range rows {
//		err = b.Append(v) // or b.AppendNull() for SQL NULL
//	}
//	w := parquet.NewWriter(f, schema)
//	err = b.WriteColumns(w.ColumnWriters(), cols)
//
// A Variant column nested in groups or lists uses [NewLayoutAt] with the
// column's levels, [Batch.AppendAt] and [Batch.AppendNullAt] for its slots
// (rows, or occurrences in lists).
//
// Values go to typed_value only when that loses nothing; everything else
// stays in value, objects keep their other fields in a residual object with
// the same metadata and field ids, and bytes are copied, never decoded into
// a tree and encoded again.
//
// # Reading
//
// A reader builds the layout from each file's schema ([LayoutOf], or
// [FromNode] and [NewLayout]), fills a batch from a row group and rebuilds
// the rows:
//
//	layout, cols, err := shred.LayoutOf(file.Schema(), "event")
//	b := layout.NewBatch()
//	err = b.ReadRowGroup(rowGroup, cols)
//	r := shred.NewReader(b, shred.Strict)
//	for {
//		v, valid, err := r.Next() // io.EOF at the end
//		...
//	}
//
// [Layout.Find] locates the node a path reaches through shredded fields, so
// that a path query reads only that node's leaves ([NewNodeReader]); pass a
// negative column index to [Batch.ReadRowGroup] for the leaves to skip.
// [Node.ValueLeaf] and [Node.TypedLeaf] name the columns whose statistics
// may prune a row group (VariantShredding.md, "Data Skipping": only when
// the value column is all null).
//
// # Choosing a schema
//
// [Infer] picks a schema from a sample of rows (fields present in at least
// 10% of them, one type family, integers as INT64, at most 300 fields);
// [Fits] says whether a table's schema still suits a new sample.
//
// # Absence
//
// SQL NULL (the Variant group is null: Next reports not valid), the Variant
// null (the value 00) and a missing value (both value and typed_value null:
// an object field left out of its object) stay apart, as docs/design.md section 3
// requires. Layouts the spec forbids are an [ErrInvalidLayout] in [Strict]
// mode and read with typed_value winning in [Lenient] mode.
package shred
