package main

import (
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/tw"
	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/format"
	"github.com/spf13/cobra"
)

func metaCmd(e env) *cobra.Command {
	return &cobra.Command{
		Use:   "meta FILE",
		Short: "Print the row groups and column chunks of a Parquet file",
		Long: `Print the footer of FILE: the writer, the number of rows, and for each row group
its rows and sizes, and a table of its column chunks: physical type, codec,
encodings, number of values and nulls, compressed and uncompressed bytes, the
statistics' min and max, and whether the chunk has a column index (ci) and an
offset index (oi) in the page index (PageIndex.md).

Min and max print as the column's logical type reads them: timestamps in RFC
3339 (in UTC, "Z", when adjusted to UTC; the wall clock without an offset when
not), dates, times of day, decimals with their scale, UUIDs, unsigned integers
and quoted text; columns without one of these types print in the physical
type (integers, floats, text or hex bytes); "-" when absent.`,
		Example: `  parquetvariant meta testdata/lake/events/part-00001.parquet`,
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			pf, f, err := openParquet(args[0])
			if err != nil {
				return err
			}
			defer f.Close()
			return printMeta(e.stdout, pf)
		},
	}
}

func printMeta(w io.Writer, pf *parquet.File) error {
	md := pf.Metadata()
	fmt.Fprintf(w, "created by: %s\n", safeText(md.CreatedBy, 0))
	fmt.Fprintf(w, "format version: %d\n", md.Version)
	fmt.Fprintf(w, "rows: %d\n", md.NumRows)
	fmt.Fprintf(w, "row groups: %d\n", len(md.RowGroups))
	fmt.Fprintf(w, "leaf columns: %d\n", len(pf.Schema().Columns()))
	leaves := leafElements(md.Schema)
	// bound prints a min or max of column chunk j as its logical type
	// reads, or in its physical type t when the schema does not say.
	bound := func(j int, t format.Type, b []byte) string {
		if j < len(leaves) && leaves[j].Type.V == t {
			return statText(leaves[j], b)
		}
		return statValue(t, b)
	}
	for i, rg := range md.RowGroups {
		var comp int64
		for _, c := range rg.Columns {
			comp += c.MetaData.TotalCompressedSize
		}
		fmt.Fprintf(w, "\nrow group %d: %d rows, %d bytes uncompressed, %d bytes compressed\n", i, rg.NumRows, rg.TotalByteSize, comp)
		tab := tablewriter.NewTable(w,
			tablewriter.WithHeaderAutoFormat(tw.Off),
			tablewriter.WithHeaderAlignment(tw.AlignLeft),
			tablewriter.WithRowAlignment(tw.AlignLeft),
			tablewriter.WithRowAutoWrap(tw.WrapNone),
		)
		tab.Header("column", "type", "codec", "encodings", "values", "nulls", "compressed", "uncompressed", "min", "max", "ci", "oi")
		for j, c := range rg.Columns {
			m := c.MetaData
			encs := make([]string, 0, len(m.Encoding))
			for _, e := range m.Encoding {
				encs = append(encs, e.String())
			}
			st := m.Statistics
			minV, maxV := st.MinValue, st.MaxValue
			if minV == nil && maxV == nil {
				minV, maxV = st.Min, st.Max
			}
			if err := tab.Append(
				safeText(strings.Join(m.PathInSchema, "."), 0),
				m.Type.String(),
				m.Codec.String(),
				strings.Join(encs, ","),
				strconv.FormatInt(m.NumValues, 10),
				strconv.FormatInt(st.NullCount, 10),
				strconv.FormatInt(m.TotalCompressedSize, 10),
				strconv.FormatInt(m.TotalUncompressedSize, 10),
				bound(j, m.Type, minV),
				bound(j, m.Type, maxV),
				yesNo(c.ColumnIndexOffset != 0),
				yesNo(c.OffsetIndexOffset != 0),
			); err != nil {
				return err
			}
		}
		if err := tab.Render(); err != nil {
			return err
		}
	}
	return nil
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// statValue prints a PLAIN-encoded statistics bound of a physical type.
func statValue(t format.Type, b []byte) string {
	if b == nil {
		return "-"
	}
	switch t {
	case format.Boolean:
		if len(b) == 1 {
			return strconv.FormatBool(b[0] != 0)
		}
	case format.Int32:
		if len(b) == 4 {
			return strconv.FormatInt(int64(int32(binary.LittleEndian.Uint32(b))), 10)
		}
	case format.Int64:
		if len(b) == 8 {
			return strconv.FormatInt(int64(binary.LittleEndian.Uint64(b)), 10)
		}
	case format.Float:
		if len(b) == 4 {
			return formatFloat(float64(math.Float32frombits(binary.LittleEndian.Uint32(b))), 32)
		}
	case format.Double:
		if len(b) == 8 {
			return formatFloat(math.Float64frombits(binary.LittleEndian.Uint64(b)), 64)
		}
	case format.ByteArray:
		if utf8.Valid(b) && printable(b) {
			const limit = 32
			s := string(b)
			if utf8.RuneCountInString(s) > limit {
				s = string([]rune(s)[:limit]) + "..."
			}
			return strconv.Quote(s)
		}
	}
	const limit = 16
	if len(b) > limit {
		return "0x" + hex.EncodeToString(b[:limit]) + "..."
	}
	return "0x" + hex.EncodeToString(b)
}

func printable(b []byte) bool {
	for _, r := range string(b) {
		if r < 0x20 || r == 0x7f {
			return false
		}
	}
	return true
}
