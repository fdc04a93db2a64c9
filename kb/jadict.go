package kb

import (
	"bytes"
	"encoding/binary"
	"encoding/gob"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"sort"
	"strings"
	"sync/atomic"
	"unsafe"

	"github.com/ikawaha/kagome-dict/dict"
	"github.com/ikawaha/kagome-dict/ipa"
)

// The IPA dictionary takes half a second to load from its zipped form
// (inflating it, then decoding its tables one number at a time). The parts
// the tokenizer reads can be kept instead in a file of flat tables (see
// flat.go), in the byte order of the machine, which loads in a few
// milliseconds: its big arrays (morphemes, the connection costs, the
// double-array trie, the parts of speech) are the file's bytes themselves,
// never decoded. SetJapaneseCache names that file; the first Japanese
// analysis reads it, or loads the zipped dictionary and writes it.

// jaCacheFormat changes with the layout of the cache file.
const jaCacheFormat = 1

// jaCacheFile is the cache file of the dictionary ("" for none).
var jaCacheFile atomic.Pointer[string]

// SetJapaneseCache makes the Japanese dictionary load from the cache file
// dir/ja-<version>.dict (version: of the dictionary and of the file's
// layout), written there the first time it is loaded from the zipped
// dictionary. It has an effect only before the first Japanese analysis of
// the process; a cache file that cannot be read is written again.
func SetJapaneseCache(dir string) {
	v := jaDictVersion()
	if v == "" {
		return
	}
	p := filepath.Join(dir, "ja-"+v+".dict")
	jaCacheFile.CompareAndSwap(nil, &p)
}

// jaDictVersion names the dictionary the binary embeds, from its build
// information ("" when it has none).
func jaDictVersion() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return ""
	}
	var parts []string
	for _, m := range bi.Deps {
		switch m.Path {
		case "github.com/ikawaha/kagome-dict", "github.com/ikawaha/kagome-dict/ipa":
			parts = append(parts, strings.TrimPrefix(m.Version, "v"))
		}
	}
	if len(parts) != 2 {
		return ""
	}
	return fmt.Sprintf("%s-%d", strings.Join(parts, "-"), jaCacheFormat)
}

// jaDict is the IPA dictionary as the tokenizer uses it, with the base
// form of each verb and adjective entry: baseIDs, sorted, are the entries,
// and pool.at(baseForm[i]) the base form of entry baseIDs[i].
type jaDict struct {
	dict     *dict.Dict
	baseIDs  []uint32
	baseForm []uint32
	pool     strTab
}

// base returns the base form of entry id, if it is a verb or an
// adjective.
func (jd *jaDict) base(id int32) (string, bool) {
	i := sort.Search(len(jd.baseIDs), func(i int) bool { return jd.baseIDs[i] >= uint32(id) })
	if i == len(jd.baseIDs) || jd.baseIDs[i] != uint32(id) {
		return "", false
	}
	return jd.pool.at(int(jd.baseForm[i])), true
}

// loadJADict loads the dictionary: from the cache file when there is one
// that reads, else from the zipped dictionary, writing the cache file.
func loadJADict() *jaDict {
	p := jaCacheFile.Load()
	if p != nil {
		if jd, err := readJACache(*p); err == nil {
			return jd
		}
	}
	jd := loadIPA()
	if p != nil {
		_ = writeJACache(*p, jd) // a cache that cannot be written costs time, nothing else
	}
	return jd
}

// loadIPA loads the zipped IPA dictionary. Of the features of its 390,000
// entries the tokenizer reads only the part of speech (kept in the
// dictionary's own table) and the base form of verbs and adjectives: those
// are copied out, and the rest, some 60 MB of strings the garbage
// collector would otherwise scan on every cycle, is let go. Nothing else in
// the program uses the dictionary.
func loadIPA() *jaDict {
	d := ipa.Dict()
	bi, ok := d.ContentsMeta[dict.BaseFormIndex]
	if !ok {
		return &jaDict{dict: d} // no base forms to copy: keep the features
	}
	p := newPool()
	var ids, forms []uint32
	for id, c := range d.Contents {
		if id >= len(d.POSTable.POSs) {
			break
		}
		pos := d.POSTable.POSs[id]
		if len(pos) == 0 || int(pos[0]) >= len(d.POSTable.NameList) {
			continue
		}
		if major := d.POSTable.NameList[pos[0]]; major != "動詞" && major != "形容詞" {
			continue
		}
		i := int(bi) - len(pos)
		if i < 0 || i >= len(c) || c[i] == "*" {
			continue
		}
		ids = append(ids, uint32(id))
		forms = append(forms, p.id(strings.Clone(c[i])))
	}
	d.Contents = nil
	pool, err := readStrTab(putStrTab(p.list))
	if err != nil {
		panic(err) // what putStrTab writes, readStrTab reads
	}
	return &jaDict{dict: d, baseIDs: ids, baseForm: forms, pool: pool}
}

// jaSmall are the small parts of the dictionary, kept as gob.
type jaSmall struct {
	POSNames     []string
	ContentsMeta dict.ContentsMeta
	Dup          map[int32]int32
	CharClass    dict.CharClass
	CharCategory dict.CharCategory
	InvokeList   dict.InvokeList
	GroupList    dict.GroupList
	Unk          dict.UnkDict
	Row, Col     int64
}

// byteOrderMark is a uint32 written in the machine's byte order: a cache
// file written on a machine of the other order is not read.
const byteOrderMark = 0x01020304

// rawBytes returns the memory of a slice of fixed-size values.
func rawBytes[T any](s []T) []byte {
	if len(s) == 0 {
		return nil
	}
	return unsafe.Slice((*byte)(unsafe.Pointer(&s[0])), len(s)*int(unsafe.Sizeof(s[0])))
}

// rawSlice returns the values whose memory b is: b must start at a
// multiple of their alignment and hold a whole number of them.
func rawSlice[T any](b []byte) ([]T, error) {
	var zero T
	size := int(unsafe.Sizeof(zero))
	if len(b) == 0 {
		return nil, nil
	}
	if len(b)%size != 0 || uintptr(unsafe.Pointer(&b[0]))%unsafe.Alignof(zero) != 0 {
		return nil, errFlat
	}
	return unsafe.Slice((*T)(unsafe.Pointer(&b[0])), len(b)/size), nil
}

// writeJACache writes the cache file of jd at path, atomically.
func writeJACache(path string, jd *jaDict) error {
	d := jd.dict
	var w flatWriter
	w.add("order", binary.NativeEndian.AppendUint32(nil, byteOrderMark))
	w.add("morphs", rawBytes(d.Morphs))
	starts := make([]uint32, 0, len(d.POSTable.POSs)+1)
	var ids []dict.POSID
	starts = append(starts, 0)
	for _, p := range d.POSTable.POSs {
		ids = append(ids, p...)
		starts = append(starts, uint32(len(ids)))
	}
	w.add("pos.starts", rawBytes(starts))
	w.add("pos.ids", rawBytes(ids))
	w.add("conn", rawBytes(d.Connection.Vec))
	w.add("da", rawBytes(d.Index.Da))
	w.add("base.ids", rawBytes(jd.baseIDs))
	w.add("base.forms", rawBytes(jd.baseForm))
	pool := make([]string, jd.pool.len())
	for i := range pool {
		pool[i] = jd.pool.at(i)
	}
	w.add("base.pool", putStrTab(pool))
	var small bytes.Buffer
	err := gob.NewEncoder(&small).Encode(jaSmall{POSNames: d.POSTable.NameList, ContentsMeta: d.ContentsMeta, Dup: d.Index.Dup,
		CharClass: d.CharClass, CharCategory: d.CharCategory, InvokeList: d.InvokeList, GroupList: d.GroupList, Unk: d.UnkDict,
		Row: d.Connection.Row, Col: d.Connection.Col})
	if err != nil {
		return err
	}
	w.add("small", small.Bytes())
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".ja-*.tmp")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(w.bytes()); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Chmod(0o644); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return err
	}
	// The caches of other dictionaries or layouts serve no binary of this
	// version: a binary of theirs writes its own again.
	old, _ := filepath.Glob(filepath.Join(filepath.Dir(path), "ja-*.dict"))
	for _, o := range old {
		if o != path {
			os.Remove(o)
		}
	}
	return nil
}

// readJACache reads the cache file at path. The dictionary's big arrays
// are the file's bytes.
func readJACache(path string) (*jaDict, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	sec, err := readFlat(b)
	if err != nil {
		return nil, err
	}
	if o := sec["order"]; len(o) != 4 || binary.NativeEndian.Uint32(o) != byteOrderMark {
		return nil, errors.New("kb: japanese dictionary cache of another byte order")
	}
	var small jaSmall
	if err := gob.NewDecoder(bytes.NewReader(sec["small"])).Decode(&small); err != nil {
		return nil, err
	}
	d := &dict.Dict{ContentsMeta: small.ContentsMeta, CharClass: small.CharClass, CharCategory: small.CharCategory,
		InvokeList: small.InvokeList, GroupList: small.GroupList, UnkDict: small.Unk}
	d.POSTable.NameList = small.POSNames
	d.Index.Dup = small.Dup
	if d.Morphs, err = rawSlice[dict.Morph](sec["morphs"]); err != nil {
		return nil, err
	}
	if d.Connection.Vec, err = rawSlice[int16](sec["conn"]); err != nil {
		return nil, err
	}
	d.Connection.Row, d.Connection.Col = small.Row, small.Col
	if small.Row*small.Col != int64(len(d.Connection.Vec)) {
		return nil, errFlat
	}
	da, err := rawSlice[struct{ Base, Check int32 }](sec["da"])
	if err != nil {
		return nil, err
	}
	d.Index.Da = da
	starts, err := rawSlice[uint32](sec["pos.starts"])
	if err != nil {
		return nil, err
	}
	ids, err := rawSlice[dict.POSID](sec["pos.ids"])
	if err != nil {
		return nil, err
	}
	if len(starts) == 0 {
		return nil, errFlat
	}
	d.POSTable.POSs = make([]dict.POS, len(starts)-1)
	for i := range d.POSTable.POSs {
		a, z := starts[i], starts[i+1]
		if a > z || int(z) > len(ids) {
			return nil, errFlat
		}
		d.POSTable.POSs[i] = ids[a:z:z]
	}
	jd := &jaDict{dict: d}
	if jd.baseIDs, err = rawSlice[uint32](sec["base.ids"]); err != nil {
		return nil, err
	}
	if jd.baseForm, err = rawSlice[uint32](sec["base.forms"]); err != nil {
		return nil, err
	}
	if jd.pool, err = readStrTab(sec["base.pool"]); err != nil {
		return nil, err
	}
	if len(jd.baseIDs) != len(jd.baseForm) {
		return nil, errFlat
	}
	for _, f := range jd.baseForm {
		if int(f) >= jd.pool.len() {
			return nil, errFlat
		}
	}
	return jd, nil
}
