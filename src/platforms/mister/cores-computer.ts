import type { MisterCoreDef } from "./core-types.ts";

/**
 * MiSTer computer cores (disk, tape, cartridge and hard-disk slots): data only.
 * Facts from the reference implementation (zaparoo-core pkg/platforms/mister: cores and launchers).
 */
export const MISTER_COMPUTER_CORES: readonly MisterCoreDef[] = [
  { id: "AcornAtom", rbf: "_Computer/AcornAtom", folders: ["AcornAtom"], slots: [{ exts: [".vhd"], type: "s", index: 1, delay: 1 }] },
  { id: "AcornElectron", rbf: "_Computer/AcornElectron", folders: ["AcornElectron"], slots: [{ exts: [".vhd"], type: "s", index: 0, delay: 1 }] },
  { id: "AliceMC10", rbf: "_Computer/AliceMC10", folders: ["AliceMC10"], slots: [{ label: "Tape", exts: [".c10"], type: "f", index: 1, delay: 1 }] },
  { id: "Amiga", rbf: "_Computer/Minimig", folders: ["Amiga"], slots: [{ label: "df0", exts: [".adf"], type: "f", index: 0, delay: 1 }] },
  { id: "AmigaCD32", rbf: "_Computer/Minimig", folders: ["AmigaCD32"], slots: [{ label: "CD Image", exts: [".cue", ".chd", ".iso"], type: "s", index: 1, delay: 1 }] },
  {
    id: "Amstrad", rbf: "_Computer/Amstrad", folders: ["Amstrad"],
    slots: [
      { label: "A:", exts: [".dsk"], type: "s", index: 0, delay: 1 },
      { label: "B:", exts: [".dsk"], type: "s", index: 1, delay: 1 },
      { label: "Expansion", exts: [".e??"], type: "f", index: 3, delay: 1 },
      { label: "Tape", exts: [".cdt"], type: "f", index: 4, delay: 1 },
      { label: "Snapshot", exts: [".sna"], type: "f", index: 6, delay: 1 },
    ],
  },
  {
    id: "AmstradPCW", rbf: "_Computer/Amstrad-PCW", folders: ["Amstrad PCW"],
    slots: [
      { label: "A:", exts: [".dsk"], type: "s", index: 0, delay: 1 },
      { label: "B:", exts: [".dsk"], type: "s", index: 1, delay: 1 },
    ],
  },
  {
    id: "ao486", system: "DOS", rbf: "_Computer/ao486", folders: ["AO486", "/media/fat/_DOS Games"],
    slots: [
      { label: "Floppy A:", exts: [".img", ".ima", ".vfd"], type: "s", index: 0, delay: 1 },
      { label: "IDE 0-0", exts: [".vhd"], type: "s", index: 2, delay: 1 },
    ],
  },
  { id: "Apogee", rbf: "_Computer/Apogee", folders: ["APOGEE"], slots: [{ exts: [".rka", ".rkr", ".gam"], type: "f", index: 1, delay: 1 }] },
  { id: "AppleI", rbf: "_Computer/Apple-I", folders: ["Apple-I"], slots: [{ label: "ASCII", exts: [".txt"], type: "f", index: 1, delay: 1 }] },
  {
    id: "AppleII", rbf: "_Computer/Apple-II", folders: ["Apple-II"],
    slots: [
      { exts: [".nib", ".dsk", ".do", ".po"], type: "s", index: 0, delay: 1 },
      { exts: [".hdv"], type: "s", index: 1, delay: 1 },
    ],
  },
  {
    id: "AppleIIGS", rbf: "_Computer/Apple-IIgs", folders: ["Apple-IIgs"],
    slots: [
      { label: "Hard Disk", exts: [".hdv", ".po", ".2mg"], type: "s", index: 0, delay: 1 },
      { label: "3.5-inch Floppy", exts: [".woz"], type: "s", index: 2, delay: 1 },
      { label: "5.25-inch Floppy", exts: [".dsk", ".do", ".nib"], type: "s", index: 3, delay: 1 },
    ],
  },
  { id: "AppleLisa", rbf: "_Computer/Apple-Lisa", folders: ["LISA"], slots: [{ label: "Hard Disk", exts: [".img", ".vhd"], type: "s", index: 0, delay: 2 }] },
  {
    id: "Aquarius", rbf: "_Computer/Aquarius", folders: ["AQUARIUS"],
    slots: [
      { label: "Cartridge", exts: [".bin"], type: "f", index: 1, delay: 1 },
      { label: "Tape", exts: [".caq"], type: "f", index: 2, delay: 1 },
    ],
  },
  {
    id: "Atari800", rbf: "_Computer/Atari800", folders: ["ATARI800"],
    slots: [
      { label: "D1", exts: [".atr", ".xex", ".xfd", ".atx"], type: "s", index: 0, delay: 1 },
      { label: "D2", exts: [".atr", ".xex", ".xfd", ".atx"], type: "s", index: 1, delay: 1 },
      { label: "Cartridge", exts: [".car", ".rom", ".bin"], type: "s", index: 2, delay: 1 },
    ],
  },
  {
    id: "BBCMicro", rbf: "_Computer/BBCMicro", folders: ["BBCMicro"],
    slots: [
      { exts: [".vhd"], type: "s", index: 0, delay: 1 },
      { exts: [".ssd", ".dsd"], type: "s", index: 1, delay: 1 },
      { exts: [".ssd", ".dsd"], type: "s", index: 2, delay: 1 },
    ],
  },
  {
    id: "BK0011M", rbf: "_Computer/BK0011M", folders: ["BK0011M"],
    slots: [
      { exts: [".bin"], type: "f", index: 1, delay: 1 },
      { label: "FDD(A)", exts: [".dsk"], type: "s", index: 1, delay: 1 },
      { label: "FDD(B)", exts: [".dsk"], type: "s", index: 2, delay: 1 },
      { label: "HDD", exts: [".vhd"], type: "s", index: 0, delay: 1 },
    ],
  },
  {
    id: "C16", rbf: "_Computer/C16", folders: ["C16"],
    slots: [
      { label: "#8", exts: [".d64", ".g64"], type: "s", index: 0, delay: 1 },
      { label: "#9", exts: [".d64", ".g64"], type: "s", index: 1, delay: 1 },
      { exts: [".prg", ".tap", ".bin"], type: "f", index: 1, delay: 1 },
    ],
  },
  {
    id: "C64", rbf: "_Computer/C64", folders: ["C64"],
    slots: [
      { label: "#8", exts: [".d64", ".g64", ".t64", ".d81"], type: "s", index: 0, delay: 1 },
      { label: "#9", exts: [".d64", ".g64", ".t64", ".d81"], type: "s", index: 1, delay: 1 },
      { exts: [".prg", ".crt", ".reu", ".tap"], type: "f", index: 1, delay: 1 },
    ],
  },
  { id: "CasioPV2000", rbf: "_Computer/Casio_PV-2000", folders: ["Casio_PV-2000"], slots: [{ label: "Cartridge", exts: [".bin"], type: "f", index: 1, delay: 1 }] },
  {
    id: "CoCo2", rbf: "_Computer/CoCo2", folders: ["CoCo2"],
    slots: [
      { label: "Cartridge", exts: [".rom", ".ccc"], type: "f", index: 1, delay: 1 },
      { label: "Disk Drive 0", exts: [".dsk"], type: "s", index: 0, delay: 1 },
      { label: "Disk Drive 1", exts: [".dsk"], type: "s", index: 1, delay: 1 },
      { label: "Disk Drive 2", exts: [".dsk"], type: "s", index: 2, delay: 1 },
      { label: "Disk Drive 3", exts: [".dsk"], type: "s", index: 3, delay: 1 },
      { label: "Cassette", exts: [".cas"], type: "f", index: 2, delay: 1 },
    ],
  },
  { id: "EDSAC", rbf: "_Computer/EDSAC", folders: ["EDSAC"], slots: [{ label: "Tape", exts: [".tap"], type: "f", index: 1, delay: 1 }] },
  { id: "Galaksija", rbf: "_Computer/Galaksija", folders: ["Galaksija"], slots: [{ exts: [".tap"], type: "f", index: 1, delay: 1 }] },
  { id: "Interact", rbf: "_Computer/Interact", folders: ["Interact"], slots: [{ label: "Tape", exts: [".cin", ".k7"], type: "f", index: 1, delay: 1 }] },
  { id: "Jupiter", rbf: "_Computer/Jupiter", folders: ["Jupiter"], slots: [{ exts: [".ace"], type: "f", index: 1, delay: 1 }] },
  { id: "Laser", rbf: "_Computer/Laser310", folders: ["Laser"], slots: [{ label: "VZ Image", exts: [".vz"], type: "f", index: 1, delay: 1 }] },
  { id: "Lynx48", rbf: "_Computer/Lynx48", folders: ["Lynx48"], slots: [{ label: "Cassette", exts: [".tap"], type: "f", index: 1, delay: 1 }] },
  {
    id: "MacPlus", rbf: "_Computer/MacPlus", folders: ["MACPLUS"],
    slots: [
      { label: "Pri Floppy", exts: [".dsk"], type: "f", index: 1, delay: 1 },
      { label: "Sec Floppy", exts: [".dsk"], type: "f", index: 2, delay: 1 },
      { label: "SCSI-6", exts: [".img", ".vhd"], type: "s", index: 0, delay: 1 },
      { label: "SCSI-5", exts: [".img", ".vhd"], type: "s", index: 1, delay: 1 },
    ],
  },
  { id: "MSX", rbf: "_Computer/MSX", folders: ["MSX"], slots: [{ exts: [".vhd"], type: "s", index: 1, delay: 1 }] },
  {
    id: "MSX1", rbf: "_Computer/MSX1", folders: ["MSX1"],
    slots: [
      { label: "Drive A:", exts: [".dsk"], type: "s", index: 1, delay: 1 },
      { label: "SLOT A", exts: [".rom"], type: "f", index: 2, delay: 1 },
      { label: "SLOT B", exts: [".rom"], type: "f", index: 3, delay: 1 },
    ],
  },
  { id: "MultiComp", rbf: "_Computer/MultiComp", folders: ["MultiComp"], slots: [{ exts: [".img"], type: "s", index: 1, delay: 1 }] },
  { id: "Orao", rbf: "_Computer/ORAO", folders: ["ORAO"], slots: [{ exts: [".tap"], type: "f", index: 1, delay: 1 }] },
  { id: "Oric", rbf: "_Computer/Oric", folders: ["Oric"], slots: [{ label: "Drive A:", exts: [".dsk"], type: "s", index: 0, delay: 1 }] },
  {
    id: "PCXT", rbf: "_Computer/PCXT", folders: ["PCXT"],
    slots: [
      { label: "Floppy A:", exts: [".img", ".ima", ".vfd"], type: "s", index: 0, delay: 1 },
      { label: "Floppy B:", exts: [".img", ".ima", ".vfd"], type: "s", index: 1, delay: 1 },
      { label: "IDE 0-0", exts: [".vhd"], type: "s", index: 2, delay: 1 },
      { label: "IDE 0-1", exts: [".vhd"], type: "s", index: 3, delay: 1 },
    ],
  },
  { id: "PDP1", rbf: "_Computer/PDP1", folders: ["PDP1"], slots: [{ exts: [".pdp", ".rim", ".bin"], type: "f", index: 1, delay: 1 }] },
  { id: "PET2001", rbf: "_Computer/PET2001", folders: ["PET2001"], slots: [{ exts: [".prg", ".tap"], type: "f", index: 1, delay: 1 }] },
  { id: "PMD85", rbf: "_Computer/PMD85", folders: ["PMD85"], slots: [{ label: "ROM Pack", exts: [".rmm"], type: "f", index: 1, delay: 1 }] },
  {
    id: "QL", rbf: "_Computer/QL", folders: ["QL"],
    slots: [
      { label: "HD Image", exts: [".win"], type: "s", index: 0, delay: 1 },
      { label: "MDV Image", exts: [".mdv"], type: "f", index: 2, delay: 1 },
    ],
  },
  { id: "RX78", rbf: "_Computer/RX78", folders: ["RX78"], slots: [{ label: "Cartridge", exts: [".bin"], type: "f", index: 1, delay: 1 }] },
  {
    id: "SAMCoupe", rbf: "_Computer/SAMCoupe", folders: ["SAMCOUPE"],
    slots: [
      { label: "Drive 1", exts: [".dsk", ".mgt", ".img"], type: "s", index: 0, delay: 1 },
      { label: "Drive 2", exts: [".dsk", ".mgt", ".img"], type: "s", index: 1, delay: 1 },
    ],
  },
  {
    id: "SordM5", rbf: "_Computer/SordM5", folders: ["Sord M5"],
    slots: [
      { label: "ROM", exts: [".bin", ".rom"], type: "f", index: 1, delay: 1 },
      { label: "Tape", exts: [".cas"], type: "f", index: 2, delay: 1 },
    ],
  },
  {
    id: "Specialist", rbf: "_Computer/Specialist", folders: ["SPMX"],
    slots: [
      { label: "Tape", exts: [".rks"], type: "f", index: 0, delay: 1 },
      { label: "Disk", exts: [".odi"], type: "s", index: 0, delay: 1 },
    ],
  },
  {
    id: "SVI328", rbf: "_Computer/Svi328", folders: ["SVI328"],
    slots: [
      { label: "Cartridge", exts: [".bin", ".rom"], type: "f", index: 1, delay: 1 },
      { label: "CAS File", exts: [".cas"], type: "f", index: 2, delay: 1 },
    ],
  },
  { id: "TatungEinstein", rbf: "_Computer/TatungEinstein", folders: ["TatungEinstein"], slots: [{ label: "Disk 0", exts: [".dsk"], type: "s", index: 0, delay: 1 }] },
  {
    id: "TI994A", rbf: "_Computer/Ti994a", folders: ["TI-99_4A"],
    slots: [
      { label: "Full Cart", exts: [".m99", ".bin"], type: "f", index: 1, delay: 1 },
      { label: "ROM Cart", exts: [".bin"], type: "f", index: 2, delay: 1 },
      { label: "GROM Cart", exts: [".bin"], type: "f", index: 3, delay: 1 },
    ],
  },
  {
    id: "TomyTutor", rbf: "_Computer/TomyTutor", folders: ["TomyTutor"],
    slots: [
      { label: "Cartridge", exts: [".bin"], type: "f", index: 2, delay: 1 },
      { label: "Tape Image", exts: [".cas"], type: "s", index: 0, delay: 1 },
    ],
  },
  {
    id: "TRS80", rbf: "_Computer/TRS-80", folders: ["TRS-80"],
    slots: [
      { label: "Disk 0", exts: [".dsk", ".jvi"], type: "s", index: 0, delay: 1 },
      { label: "Disk 1", exts: [".dsk", ".jvi"], type: "s", index: 1, delay: 1 },
      { label: "Program", exts: [".cmd"], type: "f", index: 2, delay: 1 },
      { label: "Cassette", exts: [".cas"], type: "f", index: 1, delay: 1 },
    ],
  },
  { id: "TSConf", rbf: "_Computer/TSConf", folders: ["TSConf"], slots: [{ label: "Virtual SD", exts: [".vhd"], type: "s", index: 0, delay: 1 }] },
  { id: "UK101", rbf: "_Computer/UK101", folders: ["UK101"], slots: [{ label: "ASCII", exts: [".txt", ".bas", ".lod"], type: "f", index: 1, delay: 1 }] },
  {
    id: "Vector06C", rbf: "_Computer/Vector-06C", folders: ["VECTOR06"],
    slots: [
      { exts: [".rom", ".com", ".c00", ".edd"], type: "f", index: 1, delay: 1 },
      { label: "Disk A", exts: [".fdd"], type: "s", index: 0, delay: 1 },
      { label: "Disk B", exts: [".fdd"], type: "s", index: 1, delay: 1 },
    ],
  },
  {
    id: "VIC20", rbf: "_Computer/VIC20", folders: ["VIC20"],
    slots: [
      { label: "#8", exts: [".d64", ".g64"], type: "s", index: 0, delay: 1 },
      { label: "#9", exts: [".d64", ".g64"], type: "s", index: 1, delay: 1 },
      { exts: [".prg", ".crt", ".ct?", ".tap"], type: "f", index: 1, delay: 1 },
    ],
  },
  {
    id: "X68000", rbf: "_Computer/X68000", folders: ["X68000"],
    slots: [
      { label: "FDD0", exts: [".d88"], type: "s", index: 0, delay: 1 },
      { label: "FDD1", exts: [".d88"], type: "s", index: 1, delay: 1 },
      { label: "SASI Hard Disk", exts: [".hdf"], type: "s", index: 2, delay: 1 },
      { label: "RAM", exts: [".ram"], type: "s", index: 3, delay: 1 },
    ],
  },
  { id: "ZX81", rbf: "_Computer/ZX81", folders: ["ZX81"], slots: [{ label: "Tape", exts: [".0", ".p"], type: "f", index: 1, delay: 1 }] },
  {
    id: "ZXSpectrum", rbf: "_Computer/ZX-Spectrum", folders: ["Spectrum"],
    slots: [
      { label: "Disk", exts: [".trd", ".img", ".dsk", ".mgt"], type: "s", index: 0, delay: 1 },
      { label: "Tape", exts: [".tap", ".csw", ".tzx"], type: "f", index: 2, delay: 1 },
      { label: "Snapshot", exts: [".z80", ".sna"], type: "f", index: 4, delay: 1 },
      { label: "DivMMC", exts: [".vhd"], type: "s", index: 1, delay: 1 },
    ],
  },
  {
    id: "ZXNext", rbf: "_Computer/ZXNext", folders: ["ZXNext"],
    slots: [
      { label: "C:", exts: [".vhd"], type: "s", index: 0, delay: 1 },
      { label: "D:", exts: [".vhd"], type: "s", index: 1, delay: 1 },
      { label: "Tape", exts: [".tzx", ".csw"], type: "f", index: 1, delay: 1 },
    ],
  },
];
