package kb

import (
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"unsafe"
)

// The tables an index keeps beside bleve (ranking information of every
// document, the card table, the lexicon's meanings) are read-only once
// built, and read on every question. They are kept as flat tables in one
// byte slice: fixed-width records of integers, and strings in arenas the
// records point into, with no pointer per entry. Opening them decodes
// nothing, and the garbage collector has one object to mark instead of a
// hundred thousand maps, strings and slices.
//
// The file is a list of named sections:
//
//	magic "ARBTBL01"
//	u32 number of sections, u32 0
//	per section: name [24]byte, u64 offset, u64 length
//	the sections, each starting at a multiple of 8
//	u32 CRC-32 (IEEE) of every byte before it
//
// Integers are little-endian. A string table is u32 n, the n+1 offsets of
// its strings as u32, then their bytes. A hash table is a power of two of
// u32 slots, each 0 or one more than the number of the entry it holds,
// placed by the FNV-1a hash of the entry's key, probed linearly.

const flatMagic = "ARBTBL01"

const sectionName = 24

// errFlat is a tables file that is not one this package writes: a
// damaged index file.
var errFlat = fmt.Errorf("%w: tables: not a tables file, or a damaged one", ErrDamaged)

// flatWriter gathers the sections of a tables file.
type flatWriter struct {
	names []string
	data  [][]byte
}

func (w *flatWriter) add(name string, b []byte) {
	if len(name) > sectionName {
		panic("kb: section name too long: " + name)
	}
	w.names = append(w.names, name)
	w.data = append(w.data, b)
}

// bytes lays the sections out as a tables file.
func (w *flatWriter) bytes() []byte {
	head := 16 + len(w.names)*(sectionName+16)
	size := align8(head)
	offs := make([]int, len(w.data))
	for i, d := range w.data {
		offs[i] = size
		size = align8(size + len(d))
	}
	out := make([]byte, size, size+4)
	copy(out, flatMagic)
	binary.LittleEndian.PutUint32(out[8:], uint32(len(w.names)))
	for i, name := range w.names {
		e := out[16+i*(sectionName+16):]
		copy(e, name)
		binary.LittleEndian.PutUint64(e[sectionName:], uint64(offs[i]))
		binary.LittleEndian.PutUint64(e[sectionName+8:], uint64(len(w.data[i])))
		copy(out[offs[i]:], w.data[i])
	}
	return binary.LittleEndian.AppendUint32(out, crc32.ChecksumIEEE(out))
}

func align8(n int) int { return (n + 7) &^ 7 }

// readFlat checks a tables file and returns its sections by name.
func readFlat(b []byte) (map[string][]byte, error) {
	if len(b) < 20 || string(b[:8]) != flatMagic {
		return nil, errFlat
	}
	body := b[:len(b)-4]
	if crc32.ChecksumIEEE(body) != binary.LittleEndian.Uint32(b[len(b)-4:]) {
		return nil, fmt.Errorf("%w: checksum mismatch", errFlat)
	}
	n := int(binary.LittleEndian.Uint32(b[8:]))
	if 16+n*(sectionName+16) > len(body) {
		return nil, errFlat
	}
	out := make(map[string][]byte, n)
	for i := 0; i < n; i++ {
		e := body[16+i*(sectionName+16):]
		name := string(trimZeros(e[:sectionName]))
		off, size := binary.LittleEndian.Uint64(e[sectionName:]), binary.LittleEndian.Uint64(e[sectionName+8:])
		if off > uint64(len(body)) || size > uint64(len(body))-off {
			return nil, errFlat
		}
		out[name] = body[off : off+size : off+size]
	}
	return out, nil
}

func trimZeros(b []byte) []byte {
	for i, c := range b {
		if c == 0 {
			return b[:i]
		}
	}
	return b
}

// u32s is a flat array of uint32.
type u32s []byte

func (a u32s) len() int            { return len(a) / 4 }
func (a u32s) at(i int) uint32     { return binary.LittleEndian.Uint32(a[4*i:]) }
func (a u32s) slice(i, j int) u32s { return a[4*i : 4*j] }

// putU32s encodes a list of uint32.
func putU32s(list []uint32) []byte {
	out := make([]byte, 0, 4*len(list))
	for _, v := range list {
		out = binary.LittleEndian.AppendUint32(out, v)
	}
	return out
}

// strTab is a flat table of strings. Its strings point into the table's
// bytes, which they keep alive.
type strTab struct {
	offs u32s
	data []byte
}

func (t strTab) len() int { return t.offs.len() - 1 }

func (t strTab) at(i int) string {
	a, b := t.offs.at(i), t.offs.at(i+1)
	if a == b {
		return ""
	}
	return unsafe.String(&t.data[a], int(b-a))
}

// putStrTab encodes a list of strings as a string table.
func putStrTab(list []string) []byte {
	size := 0
	for _, s := range list {
		size += len(s)
	}
	out := make([]byte, 0, 4+4*(len(list)+1)+size)
	out = binary.LittleEndian.AppendUint32(out, uint32(len(list)))
	off := uint32(0)
	out = binary.LittleEndian.AppendUint32(out, off)
	for _, s := range list {
		off += uint32(len(s))
		out = binary.LittleEndian.AppendUint32(out, off)
	}
	for _, s := range list {
		out = append(out, s...)
	}
	return out
}

// readStrTab checks a string table and returns it.
func readStrTab(b []byte) (strTab, error) {
	if len(b) < 8 {
		return strTab{}, errFlat
	}
	n := int(binary.LittleEndian.Uint32(b))
	if n < 0 || 4+4*(n+1) > len(b) {
		return strTab{}, errFlat
	}
	t := strTab{offs: u32s(b[4 : 4+4*(n+1)]), data: b[4+4*(n+1):]}
	prev := uint32(0)
	for i := 0; i <= n; i++ {
		o := t.offs.at(i)
		if o < prev || int(o) > len(t.data) || i == 0 && o != 0 {
			return strTab{}, errFlat
		}
		prev = o
	}
	return t, nil
}

// fnv1a hashes a key of a hash table.
func fnv1a(s string) uint32 {
	h := uint32(2166136261)
	for i := 0; i < len(s); i++ {
		h ^= uint32(s[i])
		h *= 16777619
	}
	return h
}

// putSlots encodes the hash table of keys: key i in the slot its hash
// leads to.
func putSlots(keys []string) []byte {
	size := 1
	for size < 2*len(keys) {
		size <<= 1
	}
	slots := make([]uint32, size)
	mask := uint32(size - 1)
	for i, k := range keys {
		s := fnv1a(k) & mask
		for slots[s] != 0 {
			s = (s + 1) & mask
		}
		slots[s] = uint32(i + 1)
	}
	return putU32s(slots)
}

// hashTab finds the entries of a table by key.
type hashTab struct {
	slots u32s
}

func readHashTab(b []byte, entries int) (hashTab, error) {
	n := len(b) / 4
	if len(b)%4 != 0 || n == 0 || n&(n-1) != 0 || n < entries {
		return hashTab{}, errFlat
	}
	h := hashTab{slots: u32s(b)}
	for i := 0; i < n; i++ {
		if int(h.slots.at(i)) > entries {
			return hashTab{}, errFlat
		}
	}
	return h, nil
}

// find returns the entry whose key (keyAt) is key.
func (h hashTab) find(key string, keyAt func(int) string) (int, bool) {
	n := h.slots.len()
	if n == 0 {
		return 0, false
	}
	mask := uint32(n - 1)
	for s, probes := fnv1a(key)&mask, 0; probes < n; s, probes = (s+1)&mask, probes+1 {
		v := h.slots.at(int(s))
		if v == 0 {
			return 0, false
		}
		if keyAt(int(v-1)) == key {
			return int(v - 1), true
		}
	}
	return 0, false
}

// flatMap maps strings to lists of uint32: its keys are a string table
// found by a hash table, and the list of key i is items[starts[i]:starts[i+1]].
type flatMap struct {
	keys   strTab
	hash   hashTab
	starts u32s
	items  u32s
}

// putFlatMap encodes keys and their lists as the sections prefix.keys,
// prefix.hash, prefix.starts and prefix.items.
func putFlatMap(w *flatWriter, prefix string, keys []string, lists [][]uint32) {
	starts := make([]uint32, 0, len(keys)+1)
	var items []uint32
	starts = append(starts, 0)
	for _, l := range lists {
		items = append(items, l...)
		starts = append(starts, uint32(len(items)))
	}
	w.add(prefix+".keys", putStrTab(keys))
	w.add(prefix+".hash", putSlots(keys))
	w.add(prefix+".starts", putU32s(starts))
	w.add(prefix+".items", putU32s(items))
}

// readFlatMap reads the sections of a flatMap; every item must be under
// limit.
func readFlatMap(sec map[string][]byte, prefix string, limit int) (flatMap, error) {
	var m flatMap
	var err error
	if m.keys, err = readStrTab(sec[prefix+".keys"]); err != nil {
		return m, err
	}
	if m.hash, err = readHashTab(sec[prefix+".hash"], m.keys.len()); err != nil {
		return m, err
	}
	m.starts, m.items = u32s(sec[prefix+".starts"]), u32s(sec[prefix+".items"])
	if m.starts.len() != m.keys.len()+1 || len(m.items)%4 != 0 || m.starts.at(0) != 0 {
		return m, errFlat
	}
	prev := uint32(0)
	for i := 0; i < m.starts.len(); i++ {
		s := m.starts.at(i)
		if s < prev || int(s) > m.items.len() {
			return m, errFlat
		}
		prev = s
	}
	for i := 0; i < m.items.len(); i++ {
		if int(m.items.at(i)) >= limit {
			return m, errFlat
		}
	}
	return m, nil
}

// get returns the list of key.
func (m flatMap) get(key string) (u32s, bool) {
	i, ok := m.hash.find(key, m.keys.at)
	if !ok {
		return nil, false
	}
	return m.items.slice(int(m.starts.at(i)), int(m.starts.at(i+1))), true
}

// pool gathers the distinct strings of the tables, each written once.
type pool struct {
	ids  map[string]uint32
	list []string
}

func newPool() *pool { return &pool{ids: map[string]uint32{"": 0}, list: []string{""}} }

// id returns the number of s in the pool, adding it.
func (p *pool) id(s string) uint32 {
	if i, ok := p.ids[s]; ok {
		return i
	}
	i := uint32(len(p.list))
	p.ids[s] = i
	p.list = append(p.list, s)
	return i
}
