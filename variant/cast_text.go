package variant

import (
	"math"
	"strconv"
)

// Text forms of SQL values for casts from and to strings. Parsing trims
// ASCII white space around the text; nothing here reads the process time
// zone.

// trimSpace returns b without leading and trailing ASCII white space.
func trimSpace(b []byte) []byte {
	for len(b) > 0 && isSpace(b[0]) {
		b = b[1:]
	}
	for len(b) > 0 && isSpace(b[len(b)-1]) {
		b = b[:len(b)-1]
	}
	return b
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// numberText is a number in decimal text: sign, integer digits, fraction
// digits and exponent.
type numberText struct {
	neg       bool
	intDigits []byte
	frac      []byte
	exp       int // clamped to ±maxExp
}

const maxExp = 100000

// scanNumber splits text of the form [+-] digits [. digits] [(e|E) [+-]
// digits], with at least one digit before or after the point; it reports
// false for any other text.
func scanNumber(b []byte) (numberText, bool) {
	var n numberText
	i := 0
	if i < len(b) && (b[i] == '+' || b[i] == '-') {
		n.neg = b[i] == '-'
		i++
	}
	j := i
	for i < len(b) && isDigit(b[i]) {
		i++
	}
	n.intDigits = b[j:i]
	if i < len(b) && b[i] == '.' {
		i++
		j = i
		for i < len(b) && isDigit(b[i]) {
			i++
		}
		n.frac = b[j:i]
	}
	if len(n.intDigits) == 0 && len(n.frac) == 0 {
		return n, false
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		neg := false
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			neg = b[i] == '-'
			i++
		}
		j = i
		for i < len(b) && isDigit(b[i]) {
			if n.exp < maxExp {
				n.exp = n.exp*10 + int(b[i]-'0')
			}
			i++
		}
		if i == j {
			return n, false
		}
		n.exp = min(n.exp, maxExp)
		if neg {
			n.exp = -n.exp
		}
	}
	return n, i == len(b)
}

// parseExact parses number text (see scanNumber) as an exact decimal value;
// the scale of the result is the smallest that holds the value. A value
// that needs more than 38 digits is failRange, one with a nonzero digit
// beyond 38 places after the point failLossy.
func parseExact(b []byte) (Decimal, castFailure) {
	n, ok := scanNumber(trimSpace(b))
	if !ok {
		return Decimal{}, failSyntax
	}
	var hi, lo uint64
	sig, zeros := 0, 0 // digits taken in; zeros seen after them, not yet taken
	for _, part := range [2][]byte{n.intDigits, n.frac} {
		for _, c := range part {
			if c == '0' {
				if sig > 0 {
					zeros++
				}
				continue
			}
			if sig+zeros+1 > MaxDecimalPrecision {
				return Decimal{}, failRange
			}
			for ; zeros > 0; zeros-- {
				hi, lo = mul10add(hi, lo, 0)
			}
			hi, lo = mul10add(hi, lo, uint64(c-'0'))
			sig = sig + zeros + 1
		}
	}
	if sig == 0 {
		return Decimal{}, castOK
	}
	scale := len(n.frac) - n.exp - zeros
	if scale > MaxDecimalPrecision {
		return Decimal{}, failLossy
	}
	if scale < 0 {
		if sig-scale > MaxDecimalPrecision {
			return Decimal{}, failRange
		}
		for ; scale < 0; scale++ {
			hi, lo = mul10add(hi, lo, 0)
		}
	}
	return decimalOf(hi, lo, n.neg, scale), castOK
}

// parseFloatText parses number text (see scanNumber), or NaN, Inf or
// Infinity with an optional sign in any case, as a float of bitSize 32 or
// 64 rounded to nearest. A finite text beyond the range of the type is
// failRange.
func parseFloatText(b []byte, bitSize int) (float64, castFailure) {
	b = trimSpace(b)
	if _, ok := scanNumber(b); !ok && !isFloatWord(b) {
		return 0, failSyntax
	}
	f, err := strconv.ParseFloat(string(b), bitSize)
	if err != nil {
		return 0, failRange
	}
	return f, castOK
}

// isFloatWord reports whether b is [+-] (nan | inf | infinity), any case.
func isFloatWord(b []byte) bool {
	if len(b) > 0 && (b[0] == '+' || b[0] == '-') {
		b = b[1:]
	}
	return equalFold(b, "nan") || equalFold(b, "inf") || equalFold(b, "infinity")
}

// equalFold reports whether b equals the lower-case ASCII word w in any case.
func equalFold(b []byte, w string) bool {
	if len(b) != len(w) {
		return false
	}
	for i := range b {
		c := b[i]
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != w[i] {
			return false
		}
	}
	return true
}

// appendFloatText appends the text of a float of bitSize 32 or 64 in the
// shortest form that reads back to the same value, as encoding/json writes
// numbers: plain notation for magnitudes in [1e-6, 1e21), else an exponent
// ("1e+21", "1e-7"); -0 keeps its sign; NaN and the infinities are "NaN",
// "Infinity" and "-Infinity" (docs/design.md section 6).
func appendFloatText(dst []byte, f float64, bitSize int) []byte {
	switch {
	case math.IsNaN(f):
		return append(dst, "NaN"...)
	case math.IsInf(f, 1):
		return append(dst, "Infinity"...)
	case math.IsInf(f, -1):
		return append(dst, "-Infinity"...)
	}
	format := byte('f')
	if a := math.Abs(f); a != 0 {
		if bitSize == 32 && (float32(a) < 1e-6 || float32(a) >= 1e21) ||
			bitSize == 64 && (a < 1e-6 || a >= 1e21) {
			format = 'e'
		}
	}
	dst = strconv.AppendFloat(dst, f, format, -1, bitSize)
	if format == 'e' {
		// "1e-07" becomes "1e-7".
		if n := len(dst); n >= 4 && dst[n-4] == 'e' && dst[n-3] == '-' && dst[n-2] == '0' {
			dst[n-2] = dst[n-1]
			dst = dst[:n-1]
		}
	}
	return dst
}

// Calendar arithmetic in the proleptic Gregorian calendar, after Howard
// Hinnant's days_from_civil and civil_from_days.

func floorDiv(a, b int64) int64 {
	q := a / b
	if a%b != 0 && (a < 0) != (b < 0) {
		q--
	}
	return q
}

// daysFromCivil returns the days since 1970-01-01 of year y, month m, day d.
func daysFromCivil(y, m, d int64) int64 {
	if m <= 2 {
		y--
	}
	era := floorDiv(y, 400)
	yoe := y - era*400
	mp := (m + 9) % 12
	doy := (153*mp+2)/5 + d - 1
	doe := yoe*365 + yoe/4 - yoe/100 + doy
	return era*146097 + doe - 719468
}

// civilFromDays returns the year, month and day of the day z days after
// 1970-01-01.
func civilFromDays(z int64) (y, m, d int64) {
	z += 719468
	era := floorDiv(z, 146097)
	doe := z - era*146097
	yoe := (doe - doe/1460 + doe/36524 - doe/146096) / 365
	y = yoe + era*400
	doy := doe - (365*yoe + yoe/4 - yoe/100)
	mp := (5*doy + 2) / 153
	d = doy - (153*mp+2)/5 + 1
	if mp < 10 {
		m = mp + 3
	} else {
		m = mp - 9
	}
	if m <= 2 {
		y++
	}
	return y, m, d
}

func daysIn(y, m int64) int64 {
	switch m {
	case 2:
		if y%4 == 0 && (y%100 != 0 || y%400 == 0) {
			return 29
		}
		return 28
	case 4, 6, 9, 11:
		return 30
	}
	return 31
}

const (
	microsPerDay = 86400 * 1000000
	nanosPerDay  = 86400 * 1000000000
)

// appendDate appends the day days after 1970-01-01 as YYYY-MM-DD; years
// outside [0, 9999] take as many digits as they need and a sign when
// negative.
func appendDate(dst []byte, days int64) []byte {
	y, m, d := civilFromDays(days)
	if y < 0 {
		dst = append(dst, '-')
		y = -y
	}
	dst = appendPadded(dst, y, 4)
	dst = append(dst, '-')
	dst = appendPadded(dst, m, 2)
	dst = append(dst, '-')
	return appendPadded(dst, d, 2)
}

func appendPadded(dst []byte, n int64, width int) []byte {
	for w, p := width, int64(10); w > 1; w, p = w-1, p*10 {
		if n < p {
			dst = append(dst, '0')
		}
	}
	return strconv.AppendInt(dst, n, 10)
}

// appendClock appends a time of day given in units of 10^-digits seconds
// (digits 6 for microseconds, 9 for nanoseconds) as HH:MM:SS, followed by
// the fraction of a second without trailing zeros when it is not zero:
// "22:13:20", "09:05:01.5", "00:00:00.000001".
func appendClock(dst []byte, t int64, digits int) []byte {
	unit := int64(pow10u64[digits])
	sec, frac := t/unit, t%unit
	dst = appendPadded(dst, sec/3600, 2)
	dst = append(dst, ':')
	dst = appendPadded(dst, sec/60%60, 2)
	dst = append(dst, ':')
	dst = appendPadded(dst, sec%60, 2)
	if frac == 0 {
		return dst
	}
	for frac%10 == 0 {
		frac /= 10
		digits--
	}
	dst = append(dst, '.')
	return appendPadded(dst, frac, digits)
}

// appendTimestamp appends an instant or wall clock given in units of
// 10^-digits seconds since 1970-01-01 00:00:00 as "YYYY-MM-DD HH:MM:SS"
// with the fraction of appendClock.
func appendTimestamp(dst []byte, t int64, digits int) []byte {
	perDay := int64(86400) * int64(pow10u64[digits])
	days := floorDiv(t, perDay)
	dst = appendDate(dst, days)
	dst = append(dst, ' ')
	return appendClock(dst, t-days*perDay, digits)
}

// digitsAt returns the n-digit number at b[i:], or false.
func digitsAt(b []byte, i, n int) (int64, bool) {
	if i+n > len(b) {
		return 0, false
	}
	var v int64
	for _, c := range b[i : i+n] {
		if !isDigit(c) {
			return 0, false
		}
		v = v*10 + int64(c-'0')
	}
	return v, true
}

// parseDateAt reads YYYY-MM-DD at the start of b and returns the days since
// 1970-01-01 and the bytes read. As appendDate writes them, years outside
// [0, 9999] have more digits (up to 7) and a minus sign when negative.
func parseDateAt(b []byte) (int64, int, bool) {
	i := 0
	if len(b) > 0 && b[0] == '-' {
		i = 1
	}
	j := i
	for j < len(b) && j-i < 8 && isDigit(b[j]) {
		j++
	}
	y, ok1 := digitsAt(b, i, j-i)
	m, ok2 := digitsAt(b, j+1, 2)
	d, ok3 := digitsAt(b, j+4, 2)
	if j-i < 4 || j-i > 7 || !ok1 || !ok2 || !ok3 || b[j] != '-' || b[j+3] != '-' || m < 1 || m > 12 {
		return 0, 0, false
	}
	if i == 1 {
		y = -y
	}
	if d < 1 || d > daysIn(y, m) {
		return 0, 0, false
	}
	return daysFromCivil(y, m, d), j + 6, true
}

// parseDateText parses a date written YYYY-MM-DD (see parseDateAt); a day
// outside the range of a Variant date (int32 days, about ±5.8 million
// years) fails the cast.
func parseDateText(b []byte) (int64, castFailure) {
	b = trimSpace(b)
	days, n, ok := parseDateAt(b)
	switch {
	case !ok || n != len(b):
		return 0, failSyntax
	case days < math.MinInt32 || days > math.MaxInt32:
		return 0, failRange
	}
	return days, castOK
}

// parseClockAt reads HH:MM:SS[.f] at the start of b, with 1 to 9 fraction
// digits, and returns the microseconds since midnight (digits past the
// sixth are dropped) and the bytes read.
func parseClockAt(b []byte) (int64, int, bool) {
	h, ok1 := digitsAt(b, 0, 2)
	m, ok2 := digitsAt(b, 3, 2)
	s, ok3 := digitsAt(b, 6, 2)
	if !ok1 || !ok2 || !ok3 || b[2] != ':' || b[5] != ':' || h > 23 || m > 59 || s > 59 {
		return 0, 0, false
	}
	us := ((h*60+m)*60 + s) * 1000000
	i := 8
	if i < len(b) && b[i] == '.' {
		i++
		j := i
		for i < len(b) && isDigit(b[i]) {
			if i-j < 6 {
				us += int64(b[i]-'0') * int64(pow10u64[5-(i-j)])
			}
			i++
		}
		if i == j || i-j > 9 {
			return 0, 0, false
		}
	}
	return us, i, true
}

// parseTimeText parses a time of day HH:MM:SS[.f] as microseconds since
// midnight.
func parseTimeText(b []byte) (int64, castFailure) {
	b = trimSpace(b)
	us, n, ok := parseClockAt(b)
	if !ok || n != len(b) {
		return 0, failSyntax
	}
	return us, castOK
}

// parseTimestampText parses YYYY-MM-DD[(T| )HH:MM:SS[.f][zone]], zone
// being Z, ±hh:mm, ±hhmm or ±hh, and returns microseconds since 1970-01-01
// 00:00:00 UTC. Text without a zone is read as UTC, and a date alone as
// its midnight; fraction digits past the sixth are dropped. An instant
// outside the int64 range of microseconds (before -290308-12-21
// 19:59:05.224192 or after 294247-01-10 04:00:54.775807 UTC) is failRange.
func parseTimestampText(b []byte) (int64, castFailure) {
	b = trimSpace(b)
	days, i, ok := parseDateAt(b)
	if !ok {
		return 0, failSyntax
	}
	if i == len(b) {
		return dayMicros(days, 0)
	}
	if b[i] != 'T' && b[i] != 't' && b[i] != ' ' {
		return 0, failSyntax
	}
	i++
	clock, n, ok := parseClockAt(b[i:])
	if !ok {
		return 0, failSyntax
	}
	i += n
	if i == len(b) {
		return dayMicros(days, clock)
	}
	switch b[i] {
	case 'Z', 'z':
		if i+1 != len(b) {
			return 0, failSyntax
		}
		return dayMicros(days, clock)
	case '+', '-':
		zone := b[i+1:]
		hh, ok := digitsAt(zone, 0, 2)
		var mm int64
		switch {
		case !ok:
			return 0, failSyntax
		case len(zone) == 2:
		case len(zone) == 4:
			mm, ok = digitsAt(zone, 2, 2)
		case len(zone) == 5 && zone[2] == ':':
			mm, ok = digitsAt(zone, 3, 2)
		default:
			ok = false
		}
		if !ok || hh > 18 || mm > 59 {
			return 0, failSyntax
		}
		off := (hh*60 + mm) * 60 * 1000000
		if b[i] == '-' {
			off = -off
		}
		return dayMicros(days, clock-off)
	}
	return 0, failSyntax
}

// The first and last day whose midnight or some later microsecond of the
// day is in the int64 range of microseconds since 1970-01-01.
const (
	minMicrosDay = math.MinInt64/microsPerDay - 1 // -290308-12-21
	maxMicrosDay = math.MaxInt64 / microsPerDay   // 294247-01-10
)

// dayMicros returns days*microsPerDay + us, the instant us microseconds
// after midnight of the day days after 1970-01-01, us being anything a
// clock and a zone offset give (less than a few days either way), or
// failRange when it is outside the int64 range.
func dayMicros(days, us int64) (int64, castFailure) {
	q := floorDiv(us, microsPerDay)
	days += q
	us -= q * microsPerDay // now in [0, microsPerDay)
	switch {
	case days < minMicrosDay || days > maxMicrosDay:
		return 0, failRange
	case days == minMicrosDay:
		// Midnight of that day is below the range; the next one is not.
		next := (days + 1) * microsPerDay
		if us-microsPerDay < math.MinInt64-next {
			return 0, failRange
		}
		return next + (us - microsPerDay), castOK
	}
	midnight := days * microsPerDay
	if days == maxMicrosDay && us > math.MaxInt64-midnight {
		return 0, failRange
	}
	return midnight + us, castOK
}
