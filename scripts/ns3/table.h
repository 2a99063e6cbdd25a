// A fixture table: column names and rows, each row a JSON array written as text.
#pragma once

#include "ns3-open.h"

namespace oracle
{

/** Seconds to 9 decimals (ns-3 keeps time in ns, so this is exact). */
inline std::string
Sec(ns3::Time t)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.9f", t.GetSeconds());
    return buf;
}

/** A number with at most `digits` decimals, trailing zeros removed. */
inline std::string
Num(double v, int digits = 3)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", digits, v);
    std::string s(buf);
    if (s.find('.') != std::string::npos)
    {
        while (s.back() == '0')
            s.pop_back();
        if (s.back() == '.')
            s.pop_back();
    }
    if (s == "-0")
        s = "0";
    return s;
}

inline std::string
Quote(const std::string& s)
{
    return "\"" + s + "\"";
}

struct Table
{
    std::vector<std::string> cols;
    std::vector<std::string> rows;

    explicit Table(std::vector<std::string> c)
        : cols(std::move(c))
    {
    }

    void Add(const std::vector<std::string>& cells)
    {
        std::string r = "[";
        for (size_t i = 0; i < cells.size(); ++i)
            r += (i ? "," : "") + cells[i];
        rows.push_back(r + "]");
    }

    /** `{"cols":[…],"rows":[\n[…],\n…]}`, one row a line. */
    std::string Json(const std::string& indent) const
    {
        std::string s = "{\"cols\":[";
        for (size_t i = 0; i < cols.size(); ++i)
            s += (i ? "," : "") + Quote(cols[i]);
        s += "],\"rows\":[";
        for (size_t i = 0; i < rows.size(); ++i)
            s += (i ? ",\n" : "\n") + indent + rows[i];
        return s + "]}";
    }
};

} // namespace oracle
