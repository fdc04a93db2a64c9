package sim

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"errors"
	"io"
	"strings"
)

// MaxCode is the longest share code Encode makes: with the page's path it
// keeps a link under the 8 000 characters browsers, proxies and chat
// clients all pass on.
const MaxCode = 6000

// codeVersion starts every code, so that another packing can come later.
const codeVersion = "1"

// Errors of share codes.
var (
	ErrCodeTooLong = errors.New("sim: scenario too large for a link")
	ErrBadCode     = errors.New("sim: not a scenario code")
)

// Encode packs a scenario's source into the code a link carries: DEFLATE,
// then unpadded base64url (RFC 4648 §5), after a version digit. A source
// whose code would pass MaxCode gives ErrCodeTooLong.
func Encode(src []byte) (string, error) {
	var b bytes.Buffer
	w, _ := flate.NewWriter(&b, flate.BestCompression)
	w.Write(src)
	w.Close()
	code := codeVersion + base64.RawURLEncoding.EncodeToString(b.Bytes())
	if len(code) > MaxCode {
		return "", ErrCodeTooLong
	}
	return code, nil
}

// Decode unpacks a code made by Encode. It never inflates more than
// maxBytes+1 bytes: a larger source is a *LimitError, anything that is
// not a code ErrBadCode.
func Decode(code string, maxBytes int) ([]byte, error) {
	code = strings.TrimSpace(code)
	if len(code) > MaxCode || !strings.HasPrefix(code, codeVersion) {
		return nil, ErrBadCode
	}
	raw, err := base64.RawURLEncoding.DecodeString(code[len(codeVersion):])
	if err != nil {
		return nil, ErrBadCode
	}
	r := flate.NewReader(bytes.NewReader(raw))
	defer r.Close()
	src, err := io.ReadAll(io.LimitReader(r, int64(maxBytes)+1))
	if err != nil {
		return nil, ErrBadCode
	}
	if len(src) > maxBytes {
		return nil, &LimitError{What: "bytes", Limit: maxBytes, Got: len(src)}
	}
	return src, nil
}
