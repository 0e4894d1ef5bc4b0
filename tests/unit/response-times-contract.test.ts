import { parseHospitalResponseTimes } from "@/lib/contracts/response-times";

describe("the answer of GET /api/hospitals/response-times", () => {
  const hospitals = [
    { hospitalId: "medipol-mega", name: "Medipol Mega University Hospital", medianHours: 6 },
    { hospitalId: "memorial-dicle", name: "Memorial Dicle Hospital", medianHours: null },
  ];

  it("reads published medians and new partners as the route answers them", () => {
    expect(parseHospitalResponseTimes({ hospitals })).toEqual({ hospitals });
    expect(parseHospitalResponseTimes({ hospitals: [] })).toEqual({ hospitals: [] });
  });

  it("refuses anything else: a median as text, a hospital without a name, an HTML error page", () => {
    expect(parseHospitalResponseTimes({ hospitals: [{ ...hospitals[0], medianHours: "6" }] })).toBeNull();
    expect(parseHospitalResponseTimes({ hospitals: [hospitals[0], { hospitalId: "x", medianHours: 3 }] })).toBeNull();
    expect(parseHospitalResponseTimes({ hospitals: [{ ...hospitals[0], medianHours: Number.NaN }] })).toBeNull();
    expect(parseHospitalResponseTimes({})).toBeNull();
    expect(parseHospitalResponseTimes("<html>")).toBeNull();
  });
});
