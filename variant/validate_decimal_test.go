package variant

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// The Decimal table of VariantEncoding.md gives each width its precisions:
// decimal4 holds at most 9 digits, decimal8 at most 18, decimal16 at most
// 38. A wider value is invalid; a narrower one in a wider type is valid
// (DECIMAL(18,2) 1.00 shredded as decimal8).
func TestValidateDecimalWidthPrecision(t *testing.T) {
	const meta = "01 00 00"
	tests := []struct {
		name, value string
		err         string // "" for valid
	}{
		{"decimal4 999999999", "20 00 FF C9 9A 3B", ""},
		{"decimal4 -999999999", "20 00 01 36 65 C4", ""},
		{"decimal4 1 scale 38", "20 26 01 00 00 00", ""},
		{"decimal4 1000000000", "20 00 00 CA 9A 3B", "variant: invalid value at offset 2 ($): decimal4 of more than 9 digits"},
		{"decimal4 -1000000000", "20 02 00 36 65 C4", "variant: invalid value at offset 2 ($): decimal4 of more than 9 digits"},
		{"decimal4 max int32", "20 00 FF FF FF 7F", "variant: invalid value at offset 2 ($): decimal4 of more than 9 digits"},
		{"decimal4 min int32", "20 00 00 00 00 80", "variant: invalid value at offset 2 ($): decimal4 of more than 9 digits"},
		{"decimal8 10^18-1", "24 00 FF FF 63 A7 B3 B6 E0 0D", ""},
		{"decimal8 -(10^18-1)", "24 05 01 00 9C 58 4C 49 1F F2", ""},
		{"decimal8 1", "24 00 01 00 00 00 00 00 00 00", ""},
		{"decimal8 10^18", "24 00 00 00 64 A7 B3 B6 E0 0D", "variant: invalid value at offset 2 ($): decimal8 of more than 18 digits"},
		{"decimal8 -10^18", "24 03 00 00 9C 58 4C 49 1F F2", "variant: invalid value at offset 2 ($): decimal8 of more than 18 digits"},
		{"decimal8 min int64", "24 00 00 00 00 00 00 00 00 80", "variant: invalid value at offset 2 ($): decimal8 of more than 18 digits"},
		{"decimal16 10^38-1", "28 00 FF FF FF FF 3F 22 8A 09 7A C4 86 5A A8 4C 3B 4B", ""},
		{"decimal16 10^38", "28 00 00 00 00 00 40 22 8A 09 7A C4 86 5A A8 4C 3B 4B", "variant: invalid value at offset 2 ($): decimal of more than 38 digits"},
		{"decimal4 1000000000 in an array", "03 02 00 01 07 00 20 00 00 CA 9A 3B", "variant: invalid value at offset 8 ($[1]): decimal4 of more than 9 digits"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			value := unhex(t, tt.value)
			_, err := New(unhex(t, meta), value)
			verr := View(MustDecodeMetadata(unhex(t, meta)), value).Validate()
			var b Builder
			b.AppendVariant(View(MustDecodeMetadata(unhex(t, meta)), value))
			_, berr := b.Build()
			if tt.err == "" {
				require.NoError(t, err)
				require.NoError(t, verr)
				require.NoError(t, berr)
				return
			}
			require.ErrorIs(t, err, ErrInvalidValue)
			require.EqualError(t, err, tt.err)
			require.EqualError(t, verr, tt.err)
			require.EqualError(t, berr, tt.err)
		})
	}
}

// The Builder picks the decimal width by precision, so what it builds is
// valid: random decimals of every precision and scale.
func TestBuilderDecimalWidthValid(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for range 5000 {
		p := 1 + r.IntN(MaxDecimalPrecision)
		s := r.IntN(p + 1)
		ds := make([]byte, p)
		for i := range ds {
			ds[i] = byte('0' + r.IntN(10))
		}
		text := string(ds[:p-s])
		if s == p {
			text = "0"
		}
		if s > 0 {
			text += "." + string(ds[p-s:])
		}
		if r.IntN(2) == 0 {
			text = "-" + text
		}
		d, err := ParseDecimal(text)
		require.NoError(t, err, text)
		var b Builder
		b.AppendDecimal(d)
		v, err := b.Build()
		require.NoError(t, err)
		require.NoError(t, v.Validate(), text)
		want := TypeDecimal16
		switch {
		case d.Precision() <= 9 && s <= 9:
			want = TypeDecimal4
		case d.Precision() <= 18 && s <= 18:
			want = TypeDecimal8
		}
		require.Equal(t, want, v.Type(), text)
	}
}
