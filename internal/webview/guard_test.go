package webview

import "testing"

// TestObjectCount: the objects of JSON are counted outside strings, in
// pieces as a stream reads them.
func TestObjectCount(t *testing.T) {
	tests := []struct {
		json string
		want int
	}{
		{`{}`, 1},
		{`{"a":[{},{"b":{}}]}`, 4},
		{`{"text":"{{{"}`, 1},
		{`{"text":"\"{\\"}`, 1},
		{`{"text":"\\\"{"}`, 1},
		{`[1,2,3]`, 0},
	}
	for _, tt := range tests {
		for cut := range len(tt.json) + 1 {
			var c objectCount
			c.feed([]byte(tt.json[:cut]))
			c.feed([]byte(tt.json[cut:]))
			if c.n != tt.want {
				t.Errorf("%s cut at %d: %d objects, want %d", tt.json, cut, c.n, tt.want)
			}
		}
	}
}
