package scan

import (
	"encoding/binary"
	"fmt"
	"os"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// footerEdit is called for every integer, binary and struct field of a
// footer with its path of field ids (list elements are transparent) and its
// value (int64, []byte, or structField for a struct). It returns the new
// value (ignored for structs) and whether to keep the field.
type footerEdit func(path []int16, v any) (any, bool)

// rewriteFooter re-encodes the Thrift compact footer of the file at path
// through edit, fixing the footer length.
func rewriteFooter(t testing.TB, path string, edit footerEdit) {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	n := len(data)
	flen := int(binary.LittleEndian.Uint32(data[n-8:]))
	footer := data[n-8-flen : n-8]
	rw := &thriftRewriter{in: footer, edit: edit}
	require.NoError(t, rw.structure(nil))
	require.Equal(t, len(footer), rw.pos, "footer fully consumed")
	out := append(slices.Clone(data[:n-8-flen]), rw.out...)
	out = binary.LittleEndian.AppendUint32(out, uint32(len(rw.out)))
	out = append(out, "PAR1"...)
	require.NoError(t, os.WriteFile(path, out, 0o644))
}

type thriftRewriter struct {
	in   []byte
	pos  int
	out  []byte
	edit footerEdit
}

func (w *thriftRewriter) byte() (byte, error) {
	if w.pos >= len(w.in) {
		return 0, fmt.Errorf("eof")
	}
	b := w.in[w.pos]
	w.pos++
	return b, nil
}

func (w *thriftRewriter) uvarint() (uint64, error) {
	v, k := binary.Uvarint(w.in[w.pos:])
	if k <= 0 {
		return 0, fmt.Errorf("bad varint")
	}
	w.pos += k
	return v, nil
}

// value reads one value of compact type typ; it returns the decoded value
// for integers and binaries, or nil after copying a container to dst.
func (w *thriftRewriter) value(typ byte, path []int16, dst *[]byte) (any, error) {
	switch typ {
	case 1, 2: // bool in a struct is in the header; in a list, one byte
		return nil, nil
	case 3:
		b, err := w.byte()
		*dst = append(*dst, b)
		return nil, err
	case 4, 5, 6:
		u, err := w.uvarint()
		return int64(u>>1) ^ -int64(u&1), err
	case 7:
		*dst = append(*dst, w.in[w.pos:w.pos+8]...)
		w.pos += 8
		return nil, nil
	case 8:
		l, err := w.uvarint()
		if err != nil {
			return nil, err
		}
		b := w.in[w.pos : w.pos+int(l)]
		w.pos += int(l)
		return slices.Clone(b), nil
	case 9, 10:
		h, err := w.byte()
		if err != nil {
			return nil, err
		}
		size, et := uint64(h>>4), h&0x0f
		if size == 15 {
			if size, err = w.uvarint(); err != nil {
				return nil, err
			}
		}
		*dst = appendListHeader(*dst, int(size), et)
		for range size {
			if et == 1 || et == 2 {
				b, err := w.byte()
				if err != nil {
					return nil, err
				}
				*dst = append(*dst, b)
				continue
			}
			v, err := w.value(et, path, dst)
			if err != nil {
				return nil, err
			}
			if v != nil {
				if v, keep := w.edit(path, v); keep {
					*dst = appendScalar(*dst, et, v)
				}
			}
		}
		return nil, nil
	case 12:
		saved := w.out
		w.out = nil
		err := w.structure(path)
		*dst = append(*dst, w.out...)
		w.out = saved
		return nil, err
	}
	return nil, fmt.Errorf("unsupported compact type %d", typ)
}

func appendListHeader(b []byte, size int, et byte) []byte {
	if size < 15 {
		return append(b, byte(size)<<4|et)
	}
	b = append(b, 0xf0|et)
	return binary.AppendUvarint(b, uint64(size))
}

func appendScalar(b []byte, typ byte, v any) []byte {
	switch v := v.(type) {
	case int64:
		return binary.AppendUvarint(b, uint64(v<<1)^uint64(v>>63))
	case []byte:
		b = binary.AppendUvarint(b, uint64(len(v)))
		return append(b, v...)
	}
	panic("bad scalar")
}

func (w *thriftRewriter) structure(path []int16) error {
	var last, lastOut int16
	for {
		h, err := w.byte()
		if err != nil {
			return err
		}
		if h == 0 {
			w.out = append(w.out, 0)
			return nil
		}
		typ := h & 0x0f
		id := last + int16(h>>4)
		if h>>4 == 0 {
			u, err := w.uvarint()
			if err != nil {
				return err
			}
			id = int16(int64(u>>1) ^ -int64(u&1))
		}
		last = id
		fpath := append(slices.Clip(path), id)
		var body []byte
		v, err := w.value(typ, fpath, &body)
		if err != nil {
			return err
		}
		keep := true
		switch {
		case v != nil:
			v, keep = w.edit(fpath, v)
			if keep {
				body = appendScalar(body, typ, v)
			}
		case typ == 12:
			_, keep = w.edit(fpath, structField{})
		}
		if !keep {
			continue
		}
		if d := id - lastOut; d > 0 && d <= 15 {
			w.out = append(w.out, byte(d)<<4|typ)
		} else {
			w.out = append(w.out, typ)
			w.out = binary.AppendUvarint(w.out, uint64(int64(id)<<1^int64(id)>>15))
		}
		lastOut = id
		w.out = append(w.out, body...)
	}
}

// structField is the value footerEdit sees for a struct field.
type structField struct{}

// pathIs reports whether path equals want.
func pathIs(path []int16, want ...int16) bool { return slices.Equal(path, want) }

// Footer field paths (parquet.thrift): FileMetaData.row_groups(4) ->
// RowGroup.columns(1) -> ColumnChunk.meta_data(3) -> ColumnMetaData.
var (
	pathNullCount      = []int16{4, 1, 3, 12, 3}
	pathMaxValue       = []int16{4, 1, 3, 12, 5}
	pathMinValue       = []int16{4, 1, 3, 12, 6}
	pathDataPageOffset = []int16{4, 1, 3, 9}
	pathRowGroupRows   = []int16{4, 3}
)
