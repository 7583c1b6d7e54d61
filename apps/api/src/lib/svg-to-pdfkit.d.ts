// svg-to-pdfkit ships no types: the one call the receipt makes.
declare module 'svg-to-pdfkit' {
  const SVGtoPDF: (
    doc: PDFKit.PDFDocument,
    svg: string,
    x: number,
    y: number,
    options?: { width?: number; height?: number; preserveAspectRatio?: string },
  ) => void;
  export default SVGtoPDF;
}
