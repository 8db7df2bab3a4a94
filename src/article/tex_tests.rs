//! TeX → MathML on the common subset.

use super::to_mathml;

#[test]
fn common_constructs() {
    let cases = [
        ("x^2", "<msup><mi>x</mi><mn>2</mn></msup>"),
        ("a_{i}^{n+1}", "<msubsup><mi>a</mi><mi>i</mi><mrow><mi>n</mi><mo>+</mo><mn>1</mn></mrow></msubsup>"),
        ("\\frac{1}{2}", "<mfrac><mn>1</mn><mn>2</mn></mfrac>"),
        ("\\sqrt{x}", "<msqrt><mi>x</mi></msqrt>"),
        ("\\sqrt[3]{8}", "<mroot><mn>8</mn><mn>3</mn></mroot>"),
        ("\\alpha\\leq\\pi", "<mrow><mi>α</mi><mo>≤</mo><mi>π</mi></mrow>"),
        (
            "\\sum_{n=0}^\\infty",
            "<munderover><mo movablelimits=\"true\" largeop=\"true\">∑</mo><mrow><mi>n</mi><mo>=</mo><mn>0</mn></mrow><mi>∞</mi></munderover>",
        ),
        ("\\int_0^1", "<msubsup><mo largeop=\"true\">∫</mo><mn>0</mn><mn>1</mn></msubsup>"),
        (
            "\\left( x \\right]",
            "<mrow><mo fence=\"true\" stretchy=\"true\">(</mo><mi>x</mi><mo fence=\"true\" stretchy=\"true\">]</mo></mrow>",
        ),
        (
            "\\begin{pmatrix} a & b \\\\ c & d \\end{pmatrix}",
            "<mrow><mo fence=\"true\" stretchy=\"true\">(</mo><mtable><mtr><mtd><mi>a</mi></mtd><mtd><mi>b</mi></mtd></mtr><mtr><mtd><mi>c</mi></mtd><mtd><mi>d</mi></mtd></mtr></mtable><mo fence=\"true\" stretchy=\"true\">)</mo></mrow>",
        ),
        ("\\text{if } x", "<mrow><mtext>if </mtext><mi>x</mi></mrow>"),
        ("\\mathbb{R}", "<mi mathvariant=\"double-struck\">R</mi>"),
        ("\\hat{x}", "<mover accent=\"true\"><mi>x</mi><mo>^</mo></mover>"),
        ("3.14", "<mn>3.14</mn>"),
        ("f'", "<msup><mi>f</mi><mo>′</mo></msup>"),
        ("\\sin x", "<mrow><mi>sin</mi><mi>x</mi></mrow>"),
    ];
    for (tex, want) in cases {
        assert_eq!(to_mathml(tex), want, "{tex}");
    }
}

#[test]
fn unknown_commands_and_broken_input_are_kept() {
    assert_eq!(
        to_mathml("\\weird{x}"),
        "<mrow><mtext>\\weird</mtext><mi>x</mi></mrow>"
    );
    // Unbalanced braces and a lone backslash lose no characters and do not panic.
    for tex in [
        "}{x",
        "{{{",
        "\\",
        "x^",
        "\\frac{1}",
        "\\left(",
        "\\begin{matrix} a &",
    ] {
        let _ = to_mathml(tex);
    }
    assert!(to_mathml("}x").contains("<mo>}</mo>"));
    let deep = "{".repeat(500) + "x" + &"}".repeat(500);
    assert!(to_mathml(&deep).contains('x'));
}

#[test]
fn cases_environment() {
    let m = to_mathml("f(x) = \\begin{cases} 1 & x > 0 \\\\ 0 & \\text{otherwise} \\end{cases}");
    assert!(m.contains("<mtable columnalign=\"left\">"), "{m}");
    assert!(m.contains("<mtext>otherwise</mtext>"), "{m}");
    assert_eq!(m.matches("<mtr>").count(), 2, "{m}");
}
